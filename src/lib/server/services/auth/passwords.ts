/**
 * Password hashing (DESIGN §1, §5): argon2id through @node-rs/argon2 with its defaults (argon2id,
 * 19 MiB, 2 passes, OWASP's recommendation). An unknown account still costs one verify against a
 * dummy hash, so the answer time does not tell whether the account exists.
 */
import { hash, verify } from "@node-rs/argon2";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummy: Promise<string> | undefined;

/** A hash of a random password, made once per process. */
function dummyHash(): Promise<string> {
  if (!dummy) dummy = hash(crypto.randomUUID());
  return dummy;
}

/**
 * Whether `password` matches `stored`; with no stored hash (unknown account, guest) it verifies
 * against the dummy hash and answers false, taking the same time.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
