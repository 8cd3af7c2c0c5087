/**
 * A file that is not there is an answer (a 404, a cache miss, a file another process already
 * evicted); a file that cannot be read for another reason (permissions, a disk error) is a fault,
 * and must not be mistaken for "not there".
 */
/** Not there: no such file, a file where a folder was expected, a name no file system holds. */
const MISSING = new Set(["ENOENT", "ENOTDIR", "ENAMETOOLONG"]);

export function isMissingFile(error: unknown): boolean {
  return error instanceof Error && MISSING.has((error as NodeJS.ErrnoException).code ?? "");
}

/** `read`'s result, or `absent` when the file is not there; any other failure is thrown. */
export async function unlessMissing<T, A>(read: Promise<T>, absent: A): Promise<T | A> {
  try {
    return await read;
  } catch (error) {
    if (isMissingFile(error)) return absent;
    throw error;
  }
}
