import type { FieldError } from "../../shared/contract";
import { ApiError } from "../errors";

/** PostgreSQL text and jsonb cannot hold U+0000, so such a value would fail in the database instead of here. */
export const hasNul = (value: string) => value.includes("\u0000");

export function fieldError(status: number, code: string, message: string, fields: FieldError[]): ApiError {
  return new ApiError(status, code, message, { fields });
}

/** A PostgreSQL unique violation on the named index (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (candidate.code === "23505" && candidate.constraint === constraint) return true;
    current = candidate.cause;
  }
  return false;
}
