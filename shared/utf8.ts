const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A request body's bytes as text, or null when they are not valid UTF-8. Decoded leniently, a stray byte becomes
 * U+FFFD and is stored as if it had been sent: an id the platform sent would no longer be the one kept.
 */
export function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}

export const NOT_UTF8_MESSAGE = "The request body is not valid UTF-8.";
