import { generateKeyPairSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const secretsFileSchema = z.object({
  authSecret: z.string().min(32),
  apiTokenId: z.string().min(8),
  apiClientSecret: z.string().min(32),
  databasePassword: z.string().min(16),
});

export interface LocalSecrets extends z.infer<typeof secretsFileSchema> {
  webhookPrivateKeyFile: string;
  webhookPublicKeyPem: string;
}

/**
 * Generates the local secrets once, on first start, into files under `dir` (git-ignored), and reads them on
 * every later start: the console's session secret, a sandbox API credential pair, the embedded database password
 * and the service's webhook signing key pair (ECDSA P-256).
 */
export function ensureLocalSecrets(dir: string): LocalSecrets {
  // Only the secrets folder is private; its parent also holds the database, which the postgres user must reach.
  mkdirSync(path.dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secretsFile = path.join(dir, "secrets.json");
  if (!existsSync(secretsFile)) {
    const fresh = {
      authSecret: randomBytes(32).toString("base64url"),
      apiTokenId: `sandbox_${randomBytes(8).toString("hex")}`,
      apiClientSecret: randomBytes(32).toString("base64url"),
      databasePassword: randomBytes(18).toString("base64url"),
    };
    writeFileSync(secretsFile, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600 });
  }
  const secrets = secretsFileSchema.parse(JSON.parse(readFileSync(secretsFile, "utf8")));

  const privateKeyFile = path.join(dir, "webhook-signing-key.pem");
  const publicKeyFile = path.join(dir, "webhook-public-key.pem");
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
  return {
    ...secrets,
    webhookPrivateKeyFile: privateKeyFile,
    webhookPublicKeyPem: readFileSync(publicKeyFile, "utf8"),
  };
}
