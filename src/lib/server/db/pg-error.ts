/**
 * A PostgreSQL error by its SQLSTATE, on the error or a cause of it: both drivers expose `code`,
 * drizzle wraps the driver's error in `cause`.
 */
export interface PostgresErrorFields {
  code: string;
  message: string;
  detail?: string;
}

export function postgresError(error: unknown, code: string): PostgresErrorFields | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    const fields = e as Partial<PostgresErrorFields> & { cause?: unknown };
    if (fields.code === code) {
      return {
        code,
        message: String(fields.message ?? ""),
        ...(fields.detail ? { detail: String(fields.detail) } : {}),
      };
    }
    e = fields.cause;
  }
  return undefined;
}
