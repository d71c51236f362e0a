import { randomBytes, randomUUID } from "node:crypto";
import type { IdPrefix } from "../../shared/contract";

export type ServiceIdPrefix = IdPrefix | "Job";

/** A resource id of the API's form `<Prefix>:<id>`. */
export function newId(prefix: ServiceIdPrefix): string {
  return `${prefix}:${randomUUID()}`;
}

/** A short reference a payer types as a memo: unambiguous characters only. */
export function newReference(prefix = "REF"): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(10);
  let out = "";
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return `${prefix}-${out}`;
}
