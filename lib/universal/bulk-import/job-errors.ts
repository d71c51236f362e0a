import type { BulkCustomerImportError } from "@/shared/contract";
import { writeCsv } from "./csv-write";

export type RowErrorField = { path: string; message: string };

/** The per-column problems a row error carries in `details.fields`, when the service gave them. */
export function rowErrorFields(error: BulkCustomerImportError): RowErrorField[] {
  const fields = error.error.details?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field: unknown) => {
    if (typeof field !== "object" || field === null) return [];
    const { path, message } = field as { path?: unknown; message?: unknown };
    return typeof path === "string" && typeof message === "string" ? [{ path, message }] : [];
  });
}

/** What identifies the row: the service's correlationId (platformCustomerId or `row_<n>`). */
export function rowErrorLabel(error: BulkCustomerImportError): string {
  return error.correlationId ?? error.platformCustomerId ?? "—";
}

/** The job's row errors as a CSV a person can fix the file from. */
export function bulkJobErrorsCsv(errors: readonly BulkCustomerImportError[]): string {
  return writeCsv(
    [
      ["correlationId", "platformCustomerId", "code", "message", "fields"],
      ...errors.map((error) => [
        rowErrorLabel(error),
        error.platformCustomerId ?? "",
        error.error.code,
        error.error.message,
        rowErrorFields(error)
          .map((field) => `${field.path}: ${field.message}`)
          .join("; "),
      ]),
    ],
    { guardFormulas: true },
  );
}
