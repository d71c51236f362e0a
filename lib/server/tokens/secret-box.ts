import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "../env";

/**
 * An approved token's secret waits for its proposer sealed with AES-256-GCM under a key derived (HKDF-SHA256) from
 * AUTH_SECRET for this use alone, as lib/server/auth/device-cookie.ts derives its key: reading the console's database alone
 * does not give the secret. The token id is the additional data, so a sealed secret cannot be moved to another row.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
const VERSION = "v1";

function sealKey(secret: string): Buffer {
  return Buffer.from(
    hkdfSync("sha256", secret, "", "payments-console api token secret waiting for collection", 32),
  );
}

export function sealSecret(plain: string, tokenId: string, secret = env().AUTH_SECRET): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(secret), iv);
  cipher.setAAD(Buffer.from(tokenId, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The secret, or null when the sealed form is not one this key made for this token. */
export function openSecret(sealed: string, tokenId: string, secret = env().AUTH_SECRET): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(tokenId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
