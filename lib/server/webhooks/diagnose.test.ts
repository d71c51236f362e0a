import { createSign, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  signatureFromHeader,
  signWebhookBody,
  verifyWebhookSignature,
} from "../../../shared/webhook-signature";
import { diagnoseWebhookSignature } from "./diagnose";

function keyPair(curve = "P-256") {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: curve });
  return {
    privateKey,
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

const signer = keyPair();
const other = keyPair();
const body = JSON.stringify({
  webhookId: "Webhook:0194",
  type: "TEST",
  timestamp: "2025-01-31T12:00:00.000Z",
  test: true,
});
const header = signWebhookBody(signer.privateKey, body);
const bareSignature = (JSON.parse(header) as { s: string }).s;

const diagnose = (rawBody: string, value: string, publicKeyPem: string | null = signer.publicKeyPem) =>
  diagnoseWebhookSignature({ rawBody, header: value, publicKeyPem: publicKeyPem ?? undefined });

describe("diagnoseWebhookSignature", () => {
  it("verifies the exact body in each accepted header form", () => {
    expect(diagnose(body, header)).toMatchObject({ verifies: true, reason: "verifies", format: "json" });
    expect(diagnose(body, bareSignature)).toMatchObject({ verifies: true, format: "base64" });
    expect(diagnose(body, `sha256=${bareSignature}`)).toMatchObject({ verifies: true, format: "sha256" });
    expect(diagnose(body, `  ${header}\n`)).toMatchObject({ verifies: true });
  });

  it("recognises a body that was parsed and re-serialised, pretty or compact", () => {
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    const result = diagnose(pretty, header);
    expect(result).toMatchObject({ verifies: false, reason: "reserialised_json" });
    expect(result.variant).toBe("the JSON re-serialised compactly");

    // Signed pretty, received compact.
    const prettySigned = signWebhookBody(signer.privateKey, pretty);
    expect(diagnose(body, prettySigned)).toMatchObject({
      reason: "reserialised_json",
      variant: "the JSON pretty-printed with 2 spaces",
    });
  });

  it("recognises whitespace or a newline added or removed", () => {
    expect(diagnose(`${body}\n`, header)).toMatchObject({ verifies: false, reason: "whitespace" });
    expect(diagnose(`\n  ${body}  `, header)).toMatchObject({ reason: "whitespace" });
    const signedWithNewline = signWebhookBody(signer.privateKey, `${body}\n`);
    expect(diagnose(body, signedWithNewline)).toMatchObject({
      reason: "whitespace",
      variant: "the body with a newline added at the end",
    });
    const multiLine = JSON.stringify(JSON.parse(body), null, 2);
    const signedLf = signWebhookBody(signer.privateKey, multiLine);
    expect(diagnose(multiLine.replace(/\n/g, "\r\n"), signedLf)).toMatchObject({ reason: "whitespace" });
  });

  it("blames the key when a well-formed signature verifies with no variant", () => {
    expect(diagnose(body, header, other.publicKeyPem)).toMatchObject({
      verifies: false,
      reason: "wrong_key",
    });
    const tampered = body.replace('"test":true', '"test":false');
    expect(diagnose(tampered, header)).toMatchObject({ reason: "wrong_key" });
  });

  it("explains values that are not an accepted header form", () => {
    expect(diagnose(body, `X-Service-Signature: ${header}`)).toMatchObject({
      reason: "wrong_format",
      advice: "Paste only the header's value, without its name and colon.",
    });
    expect(diagnose(body, '{"v":"1","s":')).toMatchObject({ reason: "wrong_format" });
    expect(diagnose(body, '{"v":"1"}').summary).toContain('no "s" field');
    expect(diagnose(body, JSON.stringify({ v: "2", s: bareSignature })).summary).toContain('version "2"');
    expect(
      diagnose(body, `${bareSignature.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}_`).summary,
    ).toContain("URL-safe");
    expect(diagnose(body, `v1=${bareSignature}`).summary).toContain('prefix "v1"');
    expect(diagnose(body, `${bareSignature.slice(0, 20)} ${bareSignature.slice(20)}`).summary).toContain(
      "spaces or line breaks",
    );
    expect(diagnose(body, "c2hvcnQ=").summary).toContain("not a DER-encoded ECDSA signature");
  });

  it("verifies exactly what the console's receiver verifies, in both forms and for garbage", () => {
    const headers = [
      header,
      bareSignature,
      JSON.stringify({ s: bareSignature }),
      JSON.stringify({ v: "1", s: "not base64!" }),
      JSON.stringify({ v: "2", s: bareSignature }),
      "not a signature",
    ];
    for (const value of headers) {
      const receiver = verifyWebhookSignature(signer.publicKeyPem, body, value);
      const checker = diagnose(body, value);
      expect(checker.verifies, value).toBe(receiver.valid);
      if (signatureFromHeader(value) === null) expect(checker.reason, value).toBe("wrong_format");
    }
  });

  it("spots a hex or raw r‖s signature", () => {
    expect(diagnose(body, Buffer.from(bareSignature, "base64").toString("hex")).summary).toContain("hex");
    const raw = createSign("sha256")
      .update(body)
      .sign({ key: signer.privateKey, dsaEncoding: "ieee-p1363" })
      .toString("base64");
    expect(diagnose(body, raw)).toMatchObject({ reason: "wrong_format" });
    expect(diagnose(body, raw).summary).toContain("IEEE P1363");
  });

  it("says when there is nothing to verify with, or nothing to verify", () => {
    expect(diagnose(body, header, null).reason).toBe("no_public_key");
    expect(diagnose(body, header, "-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----").reason).toBe(
      "invalid_public_key",
    );
    expect(diagnose(body, header, keyPair("secp384r1").publicKeyPem).reason).toBe("invalid_public_key");
    expect(diagnose(body, "   ").reason).toBe("missing_header");
  });
});
