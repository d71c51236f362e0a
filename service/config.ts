import { readFileSync } from "node:fs";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const environmentSchema = z.object({
  SERVICE_DATABASE_URL: z.string().min(1, "SERVICE_DATABASE_URL is required"),
  SERVICE_HOST: z.string().default("127.0.0.1"),
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SERVICE_PUBLIC_URL: z.url().optional(),
  SERVICE_API_TOKEN_ID: z.string().min(1, "SERVICE_API_TOKEN_ID is required"),
  SERVICE_API_CLIENT_SECRET: z.string().min(1, "SERVICE_API_CLIENT_SECRET is required"),
  SERVICE_PRODUCTION_TOKEN_ID: z.string().min(1).optional(),
  SERVICE_PRODUCTION_CLIENT_SECRET: z.string().min(1).optional(),
  SERVICE_WEBHOOK_PRIVATE_KEY_FILE: z.string().min(1, "SERVICE_WEBHOOK_PRIVATE_KEY_FILE is required"),
  SERVICE_WEBHOOK_SIGNATURE_HEADER: z.string().min(1).default("X-Service-Signature"),
  SERVICE_PLATFORM_MODE: z.enum(["regulated", "unregulated"]).default("regulated"),
  SERVICE_DEFAULT_UMA_DOMAIN: z.string().min(1).default("uma.localhost"),
  SERVICE_QUOTE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  SERVICE_APPROVAL_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(600),
  SERVICE_ENABLE_RESET: booleanString.default(false),
  SERVICE_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
});

export type ApiEnvironment = "sandbox" | "production";

export interface Credential {
  tokenId: string;
  clientSecret: string;
  environment: ApiEnvironment;
}

/** Who a request authenticated as: a configured credential (every permission) or an API token (its own). */
export interface RequestCredential {
  tokenId: string;
  environment: ApiEnvironment;
  /** Absent for the configured credentials, which may do everything. */
  permissions?: ("VIEW" | "TRANSACT" | "MANAGE")[];
}

export interface ServiceConfig {
  databaseUrl: string;
  host: string;
  port: number;
  /** Base of links the service hands out (KYC pages, invitations). */
  publicUrl: string;
  credentials: Credential[];
  webhookPrivateKeyPem: string;
  webhookSignatureHeader: string;
  regulated: boolean;
  defaultUmaDomain: string;
  quoteTtlSeconds: number;
  approvalTimeoutSeconds: number;
  enableReset: boolean;
  logLevel: z.infer<typeof environmentSchema>["SERVICE_LOG_LEVEL"];
}

export const API_VERSION = "2025-10-13";
export const BASE_PATH = `/${API_VERSION}`;

/** Reads and checks the service's environment; a bad value stops start-up with a message naming the variable. */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw Object.assign(new Error(`Invalid service configuration:\n${lines.join("\n")}`), {
      name: "ConfigurationError",
    });
  }
  const e = parsed.data;
  const credentials: Credential[] = [
    { tokenId: e.SERVICE_API_TOKEN_ID, clientSecret: e.SERVICE_API_CLIENT_SECRET, environment: "sandbox" },
  ];
  if (e.SERVICE_PRODUCTION_TOKEN_ID && e.SERVICE_PRODUCTION_CLIENT_SECRET) {
    credentials.push({
      tokenId: e.SERVICE_PRODUCTION_TOKEN_ID,
      clientSecret: e.SERVICE_PRODUCTION_CLIENT_SECRET,
      environment: "production",
    });
  }
  return {
    databaseUrl: e.SERVICE_DATABASE_URL,
    host: e.SERVICE_HOST,
    port: e.SERVICE_PORT,
    publicUrl: (e.SERVICE_PUBLIC_URL ?? `http://${e.SERVICE_HOST}:${e.SERVICE_PORT}`).replace(/\/$/, ""),
    credentials,
    webhookPrivateKeyPem: readFileSync(e.SERVICE_WEBHOOK_PRIVATE_KEY_FILE, "utf8"),
    webhookSignatureHeader: e.SERVICE_WEBHOOK_SIGNATURE_HEADER,
    regulated: e.SERVICE_PLATFORM_MODE === "regulated",
    defaultUmaDomain: e.SERVICE_DEFAULT_UMA_DOMAIN,
    quoteTtlSeconds: e.SERVICE_QUOTE_TTL_SECONDS,
    approvalTimeoutSeconds: e.SERVICE_APPROVAL_TIMEOUT_SECONDS,
    enableReset: e.SERVICE_ENABLE_RESET,
    logLevel: e.SERVICE_LOG_LEVEL,
  };
}
