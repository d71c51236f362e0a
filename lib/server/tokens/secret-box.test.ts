import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

const KEY = "a-test-auth-secret-that-is-long-enough-0123456789";

describe("an approved token's secret, sealed until its proposer collects it", () => {
  it("opens with the console's secret for the same token, and holds no plain text", () => {
    const sealed = sealSecret("client-secret-value", "Token:1", KEY);
    expect(sealed).not.toContain("client-secret-value");
    expect(openSecret(sealed, "Token:1", KEY)).toBe("client-secret-value");
  });

  it("does not open for another token, under another key, or when altered", () => {
    const sealed = sealSecret("client-secret-value", "Token:1", KEY);
    expect(openSecret(sealed, "Token:2", KEY)).toBeNull();
    expect(openSecret(sealed, "Token:1", `${KEY}-other`)).toBeNull();
    const parts = sealed.split(".");
    const body = parts[3] ?? "";
    // The first character's bits all belong to the ciphertext's first byte (the last one's may be padding).
    const flipped = `${body.startsWith("A") ? "B" : "A"}${body.slice(1)}`;
    expect(openSecret([...parts.slice(0, 3), flipped].join("."), "Token:1", KEY)).toBeNull();
  });

  it("seals the same secret differently each time (a fresh nonce)", () => {
    expect(sealSecret("same", "Token:1", KEY)).not.toBe(sealSecret("same", "Token:1", KEY));
  });
});
