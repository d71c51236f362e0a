/**
 * An error the API answers with, in its shape `{status, code, message, details}`. Anything else thrown in a
 * handler becomes a 500 INTERNAL_ERROR whose body says nothing about the cause.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody() {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export const invalidInput = (message: string, fields?: { path: string; message: string }[]) =>
  new ApiError(400, "INVALID_INPUT", message, fields ? { fields } : undefined);
