import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from "node:crypto";

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The version of the JSON header form; the only one there is. */
export const SIGNATURE_HEADER_VERSION = "1";

/**
 * Signs a webhook body as the payment API does: ECDSA P-256 over SHA-256 of the exact bytes sent, the DER
 * signature in base64, wrapped in the header value `{"v":"1","s":"<base64>"}`.
 */
export function signWebhookBody(privateKey: KeyObject | string, body: string): string {
  const key = typeof privateKey === "string" ? createPrivateKey(privateKey) : privateKey;
  const signature = createSign("sha256")
    .update(body, "utf8")
    .sign({ key, dsaEncoding: "der" })
    .toString("base64");
  return JSON.stringify({ v: SIGNATURE_HEADER_VERSION, s: signature });
}

/**
 * The bare base64 signature from any of the accepted header forms (api-notes §3): the JSON the service sends,
 * `{"v":"1","s":"<base64>"}` (`v` may be left out, any other version is refused), a bare base64 value, or
 * `sha256=<base64>`. Null when the value is none of them, so garbage is refused as malformed rather than checked.
 */
export function signatureFromHeader(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return null;
    }
    if (!parsed || typeof parsed !== "object" || !("s" in parsed) || typeof parsed.s !== "string")
      return null;
    if ("v" in parsed && parsed.v !== SIGNATURE_HEADER_VERSION) return null;
    return BASE64.test(parsed.s) ? parsed.s : null;
  }
  const bare = trimmed.startsWith("sha256=") ? trimmed.slice("sha256=".length) : trimmed;
  return BASE64.test(bare) ? bare : null;
}

export type VerificationFailure =
  | "missing_signature"
  | "malformed_signature"
  | "bad_signature"
  | "no_public_key"
  | "invalid_public_key";

/**
 * What can be told of a delivery from its signature header alone, before its body is read: why it must fail
 * (no key configured, no header, a header in no accepted form), or the signature to verify against the body.
 */
export function checkSignatureHeader(
  publicKeyPem: string | undefined,
  headerValue: string | null | undefined,
): { valid: false; reason: VerificationFailure } | { valid: true; key: KeyObject; signature: string } {
  if (!publicKeyPem) return { valid: false, reason: "no_public_key" };
  if (!headerValue) return { valid: false, reason: "missing_signature" };
  const signature = signatureFromHeader(headerValue);
  if (!signature) return { valid: false, reason: "malformed_signature" };
  try {
    return { valid: true, key: createPublicKey(publicKeyPem), signature };
  } catch {
    return { valid: false, reason: "invalid_public_key" };
  }
}

/**
 * Verifies a signature header over the exact raw body. Any of the accepted header forms works; the failure
 * reason is kept for the inbox and the signature checker.
 */
export function verifyWebhookSignature(
  publicKeyPem: string | undefined,
  body: string | Uint8Array,
  headerValue: string | null | undefined,
): { valid: true } | { valid: false; reason: VerificationFailure } {
  const header = checkSignatureHeader(publicKeyPem, headerValue);
  if (!header.valid) return header;
  try {
    const ok = createVerify("sha256")
      .update(body)
      .verify({ key: header.key, dsaEncoding: "der" }, Buffer.from(header.signature, "base64"));
    return ok ? { valid: true } : { valid: false, reason: "bad_signature" };
  } catch {
    return { valid: false, reason: "bad_signature" };
  }
}

export function verifyWebhookBody(
  publicKeyPem: string,
  body: string | Uint8Array,
  headerValue: string,
): boolean {
  return verifyWebhookSignature(publicKeyPem, body, headerValue).valid;
}
