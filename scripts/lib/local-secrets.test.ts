import { createSign, createVerify } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureLocalSecrets } from "./local-secrets";

describe("ensureLocalSecrets", () => {
  it("generates the secrets once and reads the same ones on the next start", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "secrets-")), "secrets");
    const first = ensureLocalSecrets(dir);
    const second = ensureLocalSecrets(dir);
    expect(second).toEqual(first);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.apiTokenId).toMatch(/^sandbox_[0-9a-f]{16}$/);
    expect(first.apiClientSecret).not.toBe(first.authSecret);
  });

  it("keeps the private key readable by its owner only and the pair usable for P-256 signatures", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "secrets-")), "secrets");
    const secrets = ensureLocalSecrets(dir);
    expect(statSync(secrets.webhookPrivateKeyFile).mode & 0o077).toBe(0);
    expect(statSync(path.join(dir, "secrets.json")).mode & 0o077).toBe(0);
    const privateKey = readFileSync(secrets.webhookPrivateKeyFile, "utf8");
    const signature = createSign("sha256").update("body").sign(privateKey);
    expect(createVerify("sha256").update("body").verify(secrets.webhookPublicKeyPem, signature)).toBe(true);
    expect(createVerify("sha256").update("bodY").verify(secrets.webhookPublicKeyPem, signature)).toBe(false);
  });

  it("generates different secrets for different directories", () => {
    const a = ensureLocalSecrets(path.join(mkdtempSync(path.join(tmpdir(), "secrets-")), "s"));
    const b = ensureLocalSecrets(path.join(mkdtempSync(path.join(tmpdir(), "secrets-")), "s"));
    expect(a.apiClientSecret).not.toBe(b.apiClientSecret);
    expect(a.webhookPublicKeyPem).not.toBe(b.webhookPublicKeyPem);
  });
});
