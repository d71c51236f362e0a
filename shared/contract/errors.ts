import { z } from "zod";

export const errorCodes = [
  "INVALID_INPUT",
  "MISSING_MANDATORY_USER_INFO",
  "INVALID_UMA_ADDRESS",
  "INVALID_BANK_ACCOUNT",
  "INVALID_AMOUNT",
  "AMOUNT_OUT_OF_RANGE",
  "INVALID_CURRENCY",
  "SELF_PAYMENT",
  "SENDER_NOT_ACCEPTED",
  "QUOTE_REQUEST_FAILED",
  "INVITATION_ALREADY_CLAIMED",
  "INVITATION_CANCELLED",
  "INVITATIONS_NOT_CONFIGURED",
  "WEBHOOK_ENDPOINT_NOT_SET",
  "WEBHOOK_DELIVERY_ERROR",
  "INSUFFICIENT_BALANCE",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "USER_NOT_READY",
  "USER_NOT_FOUND",
  "QUOTE_NOT_FOUND",
  "TRANSACTION_NOT_FOUND",
  "INVITATION_NOT_FOUND",
  "LOOKUP_REQUEST_NOT_FOUND",
  "BULK_UPLOAD_JOB_NOT_FOUND",
  "ACCOUNT_NOT_FOUND",
  "UMA_NOT_FOUND",
  "UMA_ADDRESS_EXISTS",
  "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
  "QUOTE_EXPIRED",
  "QUOTE_NOT_PENDING",
  "CUSTOMER_DELETED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** HTTP status of every request-level error code (api-notes §1); `satisfies` keeps it total over ErrorCode. */
export const errorStatusByCode = {
  INVALID_INPUT: 400,
  MISSING_MANDATORY_USER_INFO: 400,
  INVALID_UMA_ADDRESS: 400,
  INVALID_BANK_ACCOUNT: 400,
  INVALID_AMOUNT: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  INVALID_CURRENCY: 400,
  SELF_PAYMENT: 400,
  SENDER_NOT_ACCEPTED: 400,
  QUOTE_REQUEST_FAILED: 400,
  INVITATION_ALREADY_CLAIMED: 400,
  INVITATION_CANCELLED: 400,
  INVITATIONS_NOT_CONFIGURED: 400,
  WEBHOOK_ENDPOINT_NOT_SET: 400,
  WEBHOOK_DELIVERY_ERROR: 400,
  INSUFFICIENT_BALANCE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  USER_NOT_READY: 403,
  USER_NOT_FOUND: 404,
  QUOTE_NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  LOOKUP_REQUEST_NOT_FOUND: 404,
  BULK_UPLOAD_JOB_NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  UMA_NOT_FOUND: 404,
  UMA_ADDRESS_EXISTS: 409,
  TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: 409,
  QUOTE_EXPIRED: 409,
  QUOTE_NOT_PENDING: 409,
  CUSTOMER_DELETED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const satisfies Record<ErrorCode, number>;
export type ErrorStatus = (typeof errorStatusByCode)[ErrorCode];

export const fieldErrorSchema = z.looseObject({
  /** Dotted path into the request, e.g. `address.country` or `supportedCurrencies.0.maxAmount`. */
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** `details` of a validation error. */
export const validationErrorDetailsSchema = z.looseObject({
  fields: z.array(fieldErrorSchema),
});
export type ValidationErrorDetails = z.infer<typeof validationErrorDetailsSchema>;

/**
 * Body of every request-level error. `code` is any string so that a code added by a newer API still reaches the
 * person as its message; compare against ErrorCode with isKnownErrorCode.
 */
export const apiErrorSchema = z.looseObject({
  status: z.int().min(400).max(599),
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
/** The body itself; shared/api-error.ts has the error class that carries it. */
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export function isKnownErrorCode(code: string): code is ErrorCode {
  return errorCodeSchema.safeParse(code).success;
}

export function makeApiError(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ApiErrorBody {
  return { status: errorStatusByCode[code], code, message, ...(details === undefined ? {} : { details }) };
}

/**
 * Zod issues → `{fields: [{path, message}]}`. An unrecognised-keys issue is split into one entry per key, named
 * by its own path, so a form can mark the offending field rather than its parent. A field of the wrong type is told
 * only that: zod still runs the field's checks on it ("Must be a string", then "Required" for an empty array).
 */
export function zodIssuesToFieldErrors(error: z.ZodError): ValidationErrorDetails {
  const fields: FieldError[] = [];
  const wrongType = new Set<string>();
  for (const issue of error.issues) {
    const base = issue.path.map(String);
    const path = base.join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields.push({ path: [...base, key].join("."), message: "Unknown field" });
    } else if (!wrongType.has(path)) {
      fields.push({ path, message: issue.message });
      if (issue.code === "invalid_type") wrongType.add(path);
    }
  }
  return { fields };
}
