import { createHash, timingSafeEqual } from "node:crypto";
import type { Credential } from "./config";

// Comparing digests keeps the comparison constant-time whatever the lengths of the strings.
const digest = (value: string) => createHash("sha256").update(value).digest();

/** The id and secret of an `Authorization: Basic …` header, or null when it is missing or malformed. */
export function basicPair(header: string | undefined): { id: string; secret: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Returns the configured credential an `Authorization: Basic …` header names, or null when it names none. */
export function authenticate(header: string | undefined, credentials: Credential[]): Credential | null {
  const pair = basicPair(header);
  if (!pair) return null;
  const tokenId = digest(pair.id);
  const secret = digest(pair.secret);
  let found: Credential | null = null;
  for (const credential of credentials) {
    const idMatches = timingSafeEqual(tokenId, digest(credential.tokenId));
    const secretMatches = timingSafeEqual(secret, digest(credential.clientSecret));
    if (idMatches && secretMatches) found = credential;
  }
  return found;
}
