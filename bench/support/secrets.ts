import { readFileSync } from "node:fs";
import path from "node:path";
import { BENCH_ENV, DATA_DIR } from "./stack";

/** What the launcher generated into <DATA_DIR>/secrets on its first start. */
interface SecretsFile {
  apiTokenId: string;
  apiClientSecret: string;
  authSecret: string;
  databasePassword: string;
}

export type Role = "admin" | "compliance" | "developer" | "viewer";

interface DemoUser {
  email: string;
  password: string;
  role: Role;
}

const secretsDir = () => path.join(DATA_DIR, "secrets");

function localSecrets(): SecretsFile {
  return JSON.parse(readFileSync(path.join(secretsDir(), "secrets.json"), "utf8")) as SecretsFile;
}

export function demoUser(role: Role): DemoUser {
  const users = JSON.parse(readFileSync(path.join(secretsDir(), "demo-users.json"), "utf8")) as DemoUser[];
  const user = users.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo ${role} in ${secretsDir()}`);
  return user;
}

export function webhookPrivateKeyPem(): string {
  return readFileSync(path.join(secretsDir(), "webhook-signing-key.pem"), "utf8");
}

/** The service's Basic credential, as the console sends it upstream. */
export function basicAuthorization(): string {
  const { apiTokenId, apiClientSecret } = localSecrets();
  return `Basic ${Buffer.from(`${apiTokenId}:${apiClientSecret}`).toString("base64")}`;
}

export function databaseUrl(database: "payment_service" | "console"): string {
  const password = encodeURIComponent(localSecrets().databasePassword);
  return `postgres://postgres:${password}@127.0.0.1:${BENCH_ENV.EMBEDDED_POSTGRES_PORT}/${database}`;
}

/** What the console's server code reads from its environment, for a benchmark that calls that code itself. */
export function consoleEnv(): Record<string, string> {
  const { apiTokenId, apiClientSecret, authSecret } = localSecrets();
  return {
    DATABASE_URL: databaseUrl("console"),
    AUTH_SECRET: authSecret,
    PAYMENT_API_BASE_URL: `http://127.0.0.1:${BENCH_ENV.SERVICE_PORT}/`,
    PAYMENT_API_TOKEN_ID: apiTokenId,
    PAYMENT_API_CLIENT_SECRET: apiClientSecret,
  };
}
