/**
 * Test helpers for the .pkpass: a minimal zip reader (stored or deflated entries, from the central
 * directory) and a PKCS#7 detached-signature check with node-forge (which signs but does not
 * verify PKCS#7): the signer certificate must be issued by the given CA, the signed attributes'
 * messageDigest must be the SHA-1 of the content, and the RSA signature over the DER of those
 * attributes must verify with the signer certificate's key.
 */
import { inflateRawSync } from "node:zlib";
import forge from "node-forge";

export function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressed);
    files.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const MESSAGE_DIGEST_OID = forge.pki.oids.messageDigest ?? "1.2.840.113549.1.9.4";

export interface SignatureCheck {
  chainOk: boolean;
  digestOk: boolean;
  signatureOk: boolean;
  signerSubject: string;
}

/** Checks a DER PKCS#7 detached signature of `content` against the CA certificate (PEM). */
export function checkDetachedSignature(signature: Buffer, content: Buffer, caPem: string): SignatureCheck {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(signature.toString("binary")));
  const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { signerInfos: forge.asn1.Asn1[] };
  };
  const ca = forge.pki.certificateFromPem(caPem);
  const signer = message.certificates.find(
    (c) => c.issuer.hash === ca.subject.hash && c.subject.hash !== ca.subject.hash,
  );
  if (!signer) throw new Error("no signer certificate issued by the CA in the signature");
  const chainOk = ca.verify(signer);
  const info = message.rawCapture.signerInfos[0];
  const parts = (info?.value ?? []) as forge.asn1.Asn1[];
  const attrs = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
  const encryptedDigest = parts[parts.length - 1]?.value;
  if (!attrs || typeof encryptedDigest !== "string") throw new Error("no signed attributes or signature");
  const contentDigest = forge.md.sha1.create().update(content.toString("binary")).digest().bytes();
  let messageDigest: string | null = null;
  for (const attr of attrs.value as forge.asn1.Asn1[]) {
    const [oid, set] = attr.value as forge.asn1.Asn1[];
    if (oid && forge.asn1.derToOid(forge.util.createBuffer(oid.value as string)) === MESSAGE_DIGEST_OID) {
      messageDigest = (((set?.value ?? []) as forge.asn1.Asn1[])[0]?.value as string) ?? null;
    }
  }
  // The signature covers the attributes DER-encoded as a SET (not the [0] IMPLICIT tag).
  const asSet = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    attrs.value as forge.asn1.Asn1[],
  );
  const signedBytes = forge.md.sha1.create().update(forge.asn1.toDer(asSet).getBytes()).digest().bytes();
  let signatureOk = false;
  try {
    signatureOk = (signer.publicKey as forge.pki.rsa.PublicKey).verify(signedBytes, encryptedDigest);
  } catch {
    signatureOk = false;
  }
  return {
    chainOk,
    digestOk: messageDigest === contentDigest,
    signatureOk,
    signerSubject: signer.subject.getField("CN")?.value ?? "",
  };
}
