import type { z } from "zod";
import { type FieldError, zodIssuesToFieldErrors } from "../shared/contract";
import { ApiError } from "./errors";

/** The code of a failed input: a fixed one, or one chosen from the fields that failed. */
export type FailureCode = string | ((fields: FieldError[]) => string);

/**
 * Parses a request's body, query or path with a contract schema: the one place where the service validates what a
 * request sends; routes hand the typed result to the domain. Failure is a 400 (INVALID_INPUT by default) naming
 * every failing field. A request without a body reads as `{}`; a body that is JSON `null` is a body, and no
 * schema accepts it.
 */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  input: unknown,
  code: FailureCode = "INVALID_INPUT",
): z.infer<T> {
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  const { fields } = zodIssuesToFieldErrors(result.error);
  const summary = fields
    .slice(0, 3)
    .map((field) => `${field.path || "body"}: ${field.message}`)
    .join("; ");
  throw new ApiError(
    400,
    typeof code === "string" ? code : code(fields),
    `Invalid request: ${summary}${fields.length > 3 ? "; …" : ""}`,
    { fields },
  );
}

const BANK_ACCOUNT_ROOTS = ["bankAccountInfo", "accountInfo"];

const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}.`);

/**
 * The code of a failed input of the customer area: api-notes §1 has dedicated codes for a bad UMA address and a bad
 * bank account, so an input whose only problems lie there says so; one with problems elsewhere too is plain
 * INVALID_INPUT.
 */
export function customerAreaCode(fields: FieldError[]): string {
  if (fields.length === 0) return "INVALID_INPUT";
  if (fields.every((field) => BANK_ACCOUNT_ROOTS.some((root) => isUnder(field.path, root)))) {
    return "INVALID_BANK_ACCOUNT";
  }
  if (fields.every((field) => isUnder(field.path, "umaAddress"))) return "INVALID_UMA_ADDRESS";
  return "INVALID_INPUT";
}
