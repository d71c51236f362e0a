import { ApiError } from "../shared/api-error";

/**
 * The service answers every error in the API's shape `{status, code, message, details}` (shared/api-error.ts).
 * Anything else thrown in a handler becomes a 500 INTERNAL_ERROR whose body says nothing about the cause.
 */
export { ApiError };
