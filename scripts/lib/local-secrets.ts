import { generateKeyPairSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const secretsFileSchema = z.object({
  authSecret: z.string().min(32),
  apiTokenId: z.string().min(8),
  apiClientSecret: z.string().min(32),
  databasePassword: z.string().min(16),
  productionTokenId: z.string().min(8),
  productionClientSecret: z.string().min(32),
});

export interface LocalSecrets extends z.infer<typeof secretsFileSchema> {
  webhookPrivateKeyFile: string;
  webhookPublicKeyPem: string;
  productionWebhookPrivateKeyFile: string;
  productionWebhookPublicKeyPem: string;
}

/** The production credential, added to a secrets file written before there was a production platform. */
const freshProductionCredential = () => ({
  productionTokenId: `production_${randomBytes(8).toString("hex")}`,
  productionClientSecret: randomBytes(32).toString("base64url"),
});

/** Reads secrets.json, writing it first (or the entries it lacks) without touching what it holds. */
function ensureSecretsFile(secretsFile: string): z.infer<typeof secretsFileSchema> {
  if (!existsSync(secretsFile)) {
    const fresh = {
      authSecret: randomBytes(32).toString("base64url"),
      apiTokenId: `sandbox_${randomBytes(8).toString("hex")}`,
      apiClientSecret: randomBytes(32).toString("base64url"),
      databasePassword: randomBytes(18).toString("base64url"),
      ...freshProductionCredential(),
    };
    writeFileSync(secretsFile, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600 });
  }
  const stored = JSON.parse(readFileSync(secretsFile, "utf8")) as Record<string, unknown>;
  if (stored.productionTokenId === undefined && stored.productionClientSecret === undefined) {
    const completed = { ...stored, ...freshProductionCredential() };
    writeFileSync(secretsFile, `${JSON.stringify(completed, null, 2)}\n`, { mode: 0o600 });
    return secretsFileSchema.parse(completed);
  }
  return secretsFileSchema.parse(stored);
}

/** A P-256 key pair in `<name>-signing-key.pem` (owner only) and `<name>-public-key.pem`, made when missing. */
function ensureKeyPair(dir: string, name: string): { privateKeyFile: string; publicKeyPem: string } {
  const privateKeyFile = path.join(dir, `${name}-signing-key.pem`);
  const publicKeyFile = path.join(dir, `${name}-public-key.pem`);
  if (!existsSync(privateKeyFile) || !existsSync(publicKeyFile)) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", {
      namedCurve: "P-256",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    writeFileSync(privateKeyFile, privateKey, { mode: 0o600 });
    writeFileSync(publicKeyFile, publicKey, { mode: 0o644 });
  }
  chmodSync(privateKeyFile, 0o600);
  return { privateKeyFile, publicKeyPem: readFileSync(publicKeyFile, "utf8") };
}

/**
 * Generates the local secrets once, on first start, into files under `dir` (git-ignored), and reads them on
 * every later start: the console's session secret, the embedded database password, and for each of the local
 * service's two platforms (sandbox and production) an API credential pair and a webhook signing key pair (ECDSA
 * P-256). A folder from before the production platform gets its credential and key pair added, nothing else changed.
 */
export function ensureLocalSecrets(dir: string): LocalSecrets {
  // Only the secrets folder is private; its parent also holds the database, which the postgres user must reach.
  mkdirSync(path.dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secrets = ensureSecretsFile(path.join(dir, "secrets.json"));
  const sandbox = ensureKeyPair(dir, "webhook");
  const production = ensureKeyPair(dir, "production-webhook");
  return {
    ...secrets,
    webhookPrivateKeyFile: sandbox.privateKeyFile,
    webhookPublicKeyPem: sandbox.publicKeyPem,
    productionWebhookPrivateKeyFile: production.privateKeyFile,
    productionWebhookPublicKeyPem: production.publicKeyPem,
  };
}
