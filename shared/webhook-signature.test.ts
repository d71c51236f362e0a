import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureFromHeader, signWebhookBody, verifyWebhookSignature } from "./webhook-signature";

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const publicKeyPem = publicKey.export({ type: "spki", format: "pem" }).toString();
const body = '{"webhookId":"Webhook:1","type":"TEST","timestamp":"2025-01-31T12:00:00.000Z"}';
const jsonHeader = signWebhookBody(privateKey, body);
const bare = (JSON.parse(jsonHeader) as { s: string }).s;

describe("webhook signature header forms", () => {
  it("the service's form is JSON {v, s} with a base64 DER signature", () => {
    expect(JSON.parse(jsonHeader)).toEqual({ v: "1", s: expect.stringMatching(/^[A-Za-z0-9+/]+={0,2}$/) });
  });

  it("reads the signature from the JSON form, the bare base64 form and sha256=<base64>", () => {
    expect(signatureFromHeader(jsonHeader)).toBe(bare);
    expect(signatureFromHeader(` ${jsonHeader}\n`)).toBe(bare);
    expect(signatureFromHeader(bare)).toBe(bare);
    expect(signatureFromHeader(`sha256=${bare}`)).toBe(bare);
    expect(signatureFromHeader(JSON.stringify({ s: bare }))).toBe(bare);
  });

  it("verifies the exact body in each form", () => {
    for (const header of [jsonHeader, bare, `sha256=${bare}`]) {
      expect(verifyWebhookSignature(publicKeyPem, body, header), header).toEqual({ valid: true });
    }
  });

  it("refuses a well-formed signature over another body, in each form", () => {
    for (const header of [jsonHeader, bare, `sha256=${bare}`]) {
      expect(verifyWebhookSignature(publicKeyPem, `${body} `, header)).toEqual({
        valid: false,
        reason: "bad_signature",
      });
    }
  });

  it.each([
    ["an empty value", ""],
    ["words", "not a signature"],
    ["JSON that is cut off", '{"v":"1","s":'],
    ["JSON without s", '{"v":"1"}'],
    ["JSON whose s is not a string", '{"v":"1","s":12}'],
    ["JSON whose s is not base64", '{"v":"1","s":"not base64!"}'],
    ["JSON whose s is empty", '{"v":"1","s":""}'],
    ["JSON of a version that does not exist", `{"v":"2","s":"${bare}"}`],
    ["a JSON array", `["${bare}"]`],
    ["sha256= with nothing after it", "sha256="],
    ["an unknown prefix", `sha512=${bare}`],
    ["URL-safe base64", bare.replace(/\+/g, "-").replace(/\//g, "_").concat("-_")],
  ])("refuses %s as malformed, never as a signature to check", (_label, header) => {
    expect(signatureFromHeader(header)).toBeNull();
    const expected = header === "" ? "missing_signature" : "malformed_signature";
    expect(verifyWebhookSignature(publicKeyPem, body, header)).toEqual({ valid: false, reason: expected });
  });
});
