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
  SERVICE_PRODUCTION_DATABASE_URL: z.string().min(1).optional(),
  SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE: z.string().min(1).optional(),
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

/** The production platform's own database and signing key, when the process hosts one (see loadServiceConfig). */
interface ProductionPlatformConfig {
  databaseUrl: string;
  webhookPrivateKeyPem: string;
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
  /** Set when the process hosts a second, production platform; `credentials` then hold both credentials. */
  productionPlatform?: ProductionPlatformConfig;
}

export const API_VERSION = "2025-10-13";
export const BASE_PATH = `/${API_VERSION}`;

const configurationError = (lines: string[]) =>
  Object.assign(new Error(`Invalid service configuration:\n${lines.join("\n")}`), {
    name: "ConfigurationError",
  });

/**
 * Reads and checks the service's environment; a bad value stops start-up with a message naming the variable.
 *
 * Environments (issue 27): with the production credential AND `SERVICE_PRODUCTION_DATABASE_URL`, the process hosts
 * two platforms at one base URL, as the API's credentials select the environment: sandbox (the sandbox credential,
 * `SERVICE_DATABASE_URL`, `SERVICE_WEBHOOK_PRIVATE_KEY_FILE`) and production (the production credential, its own
 * database and its own signing key, `SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE`, required then). With the production
 * credential alone, one platform accepts both credentials (production refused on `/sandbox/*` only), as before.
 */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw configurationError(
      parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const productionCredential = Boolean(e.SERVICE_PRODUCTION_TOKEN_ID && e.SERVICE_PRODUCTION_CLIENT_SECRET);
  const problems = productionPlatformProblems(e, productionCredential);
  if (problems.length > 0) throw configurationError(problems);
  const credentials: Credential[] = [
    { tokenId: e.SERVICE_API_TOKEN_ID, clientSecret: e.SERVICE_API_CLIENT_SECRET, environment: "sandbox" },
  ];
  if (productionCredential && e.SERVICE_PRODUCTION_TOKEN_ID && e.SERVICE_PRODUCTION_CLIENT_SECRET) {
    credentials.push({
      tokenId: e.SERVICE_PRODUCTION_TOKEN_ID,
      clientSecret: e.SERVICE_PRODUCTION_CLIENT_SECRET,
      environment: "production",
    });
  }
  const productionPlatform =
    e.SERVICE_PRODUCTION_DATABASE_URL && e.SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE
      ? {
          databaseUrl: e.SERVICE_PRODUCTION_DATABASE_URL,
          webhookPrivateKeyPem: readFileSync(e.SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE, "utf8"),
        }
      : undefined;
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
    ...(productionPlatform ? { productionPlatform } : {}),
  };
}

/** What is missing or contradictory in the production platform's settings (none when it is not asked for). */
function productionPlatformProblems(
  e: z.infer<typeof environmentSchema>,
  productionCredential: boolean,
): string[] {
  if (Boolean(e.SERVICE_PRODUCTION_TOKEN_ID) !== Boolean(e.SERVICE_PRODUCTION_CLIENT_SECRET)) {
    return ["  SERVICE_PRODUCTION_TOKEN_ID and SERVICE_PRODUCTION_CLIENT_SECRET go together"];
  }
  const database = e.SERVICE_PRODUCTION_DATABASE_URL;
  const keyFile = e.SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE;
  if (!database) {
    return keyFile
      ? ["  SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE needs SERVICE_PRODUCTION_DATABASE_URL"]
      : [];
  }
  const problems: string[] = [];
  if (!productionCredential) {
    problems.push(
      "  SERVICE_PRODUCTION_DATABASE_URL needs SERVICE_PRODUCTION_TOKEN_ID and SERVICE_PRODUCTION_CLIENT_SECRET",
    );
  }
  if (!keyFile) {
    problems.push(
      "  SERVICE_PRODUCTION_WEBHOOK_PRIVATE_KEY_FILE is required with SERVICE_PRODUCTION_DATABASE_URL (production signs with its own key)",
    );
  }
  if (database === e.SERVICE_DATABASE_URL) {
    problems.push("  SERVICE_PRODUCTION_DATABASE_URL must differ from SERVICE_DATABASE_URL");
  }
  if (e.SERVICE_PRODUCTION_TOKEN_ID && e.SERVICE_PRODUCTION_TOKEN_ID === e.SERVICE_API_TOKEN_ID) {
    problems.push("  SERVICE_PRODUCTION_TOKEN_ID must differ from SERVICE_API_TOKEN_ID");
  }
  return problems;
}
