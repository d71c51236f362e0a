import type { z } from "zod";
import { type FieldError, zodIssuesToFieldErrors } from "../../shared/contract";
import { ApiError } from "../errors";
import { parseOrThrow } from "../validation";

const BANK_ACCOUNT_ROOTS = ["bankAccountInfo", "accountInfo"];

const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}.`);

/**
 * The error code of a failed body: api-notes §1 has dedicated codes for a bad UMA address and a bad bank account,
 * so a body whose only problems lie there says so; a body with problems elsewhere too is plain INVALID_INPUT.
 */
export function validationCode(fields: FieldError[]): string {
  if (fields.length === 0) return "INVALID_INPUT";
  if (fields.every((field) => BANK_ACCOUNT_ROOTS.some((root) => isUnder(field.path, root)))) {
    return "INVALID_BANK_ACCOUNT";
  }
  if (fields.every((field) => isUnder(field.path, "umaAddress"))) return "INVALID_UMA_ADDRESS";
  return "INVALID_INPUT";
}

/** PostgreSQL text and jsonb cannot hold U+0000, so such a value would fail in the database instead of here. */
export const hasNul = (value: string) => value.includes("\u0000");

function nulPath(value: unknown, path: string[]): string | undefined {
  if (typeof value === "string") return hasNul(value) ? path.join(".") : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = hasNul(key) ? [...path, key].join(".") : nulPath(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * parseOrThrow for bodies and queries of the customer area: its error codes (INVALID_BANK_ACCOUNT,
 * INVALID_UMA_ADDRESS), and text the database can store.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const nul = nulPath(input, []);
  if (nul !== undefined) {
    throw fieldError(400, "INVALID_INPUT", `Invalid request: ${nul || "body"}: contains a NUL character`, [
      { path: nul, message: "Cannot contain the NUL character" },
    ]);
  }
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  return parseOrThrow(schema, input, validationCode(zodIssuesToFieldErrors(result.error).fields));
}

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
