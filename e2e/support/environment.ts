import { readFileSync } from "node:fs";
import path from "node:path";

/** The e2e run's data directory, shared with the launcher started by playwright.config.ts. */
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e");

export type Role = "admin" | "compliance" | "developer" | "viewer";

interface DemoUser {
  email: string;
  password: string;
  role: Role;
  name: string;
}

function demoUsers(): DemoUser[] {
  return JSON.parse(
    readFileSync(path.join(E2E_DATA_DIR, "secrets", "demo-users.json"), "utf8"),
  ) as DemoUser[];
}

/** The demo's first person of the role (Ada Admin, Carla Compliance, Dev Developer, Vic Viewer). */
export function demoUser(role: Role): DemoUser {
  const user = demoUsers().find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo ${role}`);
  return user;
}

/** The demo's second admin (Sam Second-Admin) or second compliance officer (Cole Compliance): the four-eyes partner. */
export function secondDemoUser(role: "admin" | "compliance"): DemoUser {
  const user = demoUsers().filter((candidate) => candidate.role === role)[1];
  if (!user) throw new Error(`no second demo ${role}`);
  return user;
}

interface LocalSecrets {
  apiTokenId: string;
  apiClientSecret: string;
  authSecret: string;
  databasePassword: string;
  /** The local service's production platform's credential (service/README.md, "Environments"). */
  productionTokenId: string;
  productionClientSecret: string;
}

export function localSecrets(): LocalSecrets {
  return JSON.parse(readFileSync(path.join(E2E_DATA_DIR, "secrets", "secrets.json"), "utf8")) as LocalSecrets;
}

export function webhookPrivateKey(): string {
  return readFileSync(path.join(E2E_DATA_DIR, "secrets", "webhook-signing-key.pem"), "utf8");
}

export function productionWebhookPrivateKey(): string {
  return readFileSync(path.join(E2E_DATA_DIR, "secrets", "production-webhook-signing-key.pem"), "utf8");
}

export const SERVICE_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_SERVICE_PORT ?? 4110)}`;
export const API_BASE = `${SERVICE_ORIGIN}/2025-10-13`;

/** Calls the local payment service directly, as another system (or a test's arrange step) would. */
export async function serviceApi(
  pathname: string,
  init: { method?: string; json?: unknown } = {},
): Promise<Response> {
  const { apiTokenId, apiClientSecret } = localSecrets();
  const target = pathname.startsWith("/_local") ? `${SERVICE_ORIGIN}${pathname}` : `${API_BASE}${pathname}`;
  return fetch(target, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Basic ${Buffer.from(`${apiTokenId}:${apiClientSecret}`).toString("base64")}`,
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

/** The e2e console's own database, for assertions about what was (not) stored. */
export function consoleDatabaseUrl(): string {
  const port = Number(process.env.E2E_POSTGRES_PORT ?? 54339);
  return `postgres://postgres:${encodeURIComponent(localSecrets().databasePassword)}@127.0.0.1:${port}/console`;
}
