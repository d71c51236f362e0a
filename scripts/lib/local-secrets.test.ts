import { createSign, createVerify } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
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

  it("makes a production credential and key pair of their own, the pair usable for P-256 signatures", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "secrets-")), "secrets");
    const secrets = ensureLocalSecrets(dir);
    expect(secrets.productionTokenId).toMatch(/^production_[0-9a-f]{16}$/);
    expect(secrets.productionTokenId).not.toBe(secrets.apiTokenId);
    expect(secrets.productionClientSecret.length).toBeGreaterThanOrEqual(32);
    expect(secrets.productionClientSecret).not.toBe(secrets.apiClientSecret);
    expect(secrets.productionWebhookPublicKeyPem).not.toBe(secrets.webhookPublicKeyPem);
    expect(statSync(secrets.productionWebhookPrivateKeyFile).mode & 0o077).toBe(0);
    const privateKey = readFileSync(secrets.productionWebhookPrivateKeyFile, "utf8");
    const signature = createSign("sha256").update("body").sign(privateKey);
    expect(
      createVerify("sha256").update("body").verify(secrets.productionWebhookPublicKeyPem, signature),
    ).toBe(true);
    expect(createVerify("sha256").update("body").verify(secrets.webhookPublicKeyPem, signature)).toBe(false);
  });

  it("adds the production credential and key pair to secrets from before them, changing nothing else", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "secrets-")), "secrets");
    mkdirSync(dir, { recursive: true });
    const older = {
      authSecret: "a".repeat(43),
      apiTokenId: "sandbox_0123456789abcdef",
      apiClientSecret: "b".repeat(43),
      databasePassword: "c".repeat(24),
    };
    writeFileSync(path.join(dir, "secrets.json"), JSON.stringify(older), { mode: 0o600 });
    const olderKey = ensureLocalSecrets(path.join(mkdtempSync(path.join(tmpdir(), "keys-")), "s"));
    writeFileSync(path.join(dir, "webhook-signing-key.pem"), readFileSync(olderKey.webhookPrivateKeyFile));
    writeFileSync(path.join(dir, "webhook-public-key.pem"), olderKey.webhookPublicKeyPem);

    const secrets = ensureLocalSecrets(dir);
    expect(secrets).toMatchObject(older);
    expect(secrets.webhookPublicKeyPem).toBe(olderKey.webhookPublicKeyPem);
    expect(secrets.productionTokenId).toMatch(/^production_[0-9a-f]{16}$/);
    const stored = JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8"));
    expect(stored).toEqual({
      ...older,
      productionTokenId: secrets.productionTokenId,
      productionClientSecret: secrets.productionClientSecret,
    });
    expect(statSync(path.join(dir, "secrets.json")).mode & 0o077).toBe(0);
    // Added once: the next start reads the same.
    expect(ensureLocalSecrets(dir)).toEqual(secrets);
  });
});
