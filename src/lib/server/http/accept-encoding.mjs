// The Accept-Encoding negotiation, shared by the page and API compression (compression.ts) and the
// precompressed static files (src/perf/precompressed.mjs, which runs in plain Node without a build,
// hence JavaScript).

/** @typedef {"br" | "gzip"} Coding */

/**
 * The coding to use for an Accept-Encoding header: br, then gzip (the server's preference: brotli
 * is smaller at the same speed), each only with a q-value above 0; `*` stands for any coding not
 * named. null: send the body as it is (identity).
 * @param {string | null | undefined} acceptEncoding
 * @returns {Coding | null}
 */
export function negotiateEncoding(acceptEncoding) {
  if (!acceptEncoding) return null;
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...params] = part.trim().split(";");
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key?.trim().toLowerCase() === "q") {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    weights.set(name, q);
  }
  /** @param {Coding} coding */
  const weight = (coding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gzip = weight("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return null;
}
