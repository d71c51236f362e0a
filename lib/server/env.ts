import "server-only";
import { z } from "zod";

/** How many proxies of the deployment's own stand in front of the console (docs/CONFIGURATION.md). */
const trustedProxyHopsSchema = z.coerce.number().int().min(0).max(10).default(0);

const environmentSchema = z
  .object({
    DATABASE_URL: z.string().min(1, "DATABASE_URL is required"),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters"),
    /** The audit log's key (lib/server/audit/anchor.ts); unset, it is derived from AUTH_SECRET. Never stored in PostgreSQL. */
    AUDIT_HMAC_KEY: z.string().min(32, "AUDIT_HMAC_KEY must be at least 32 characters").optional(),
    /** Where signed checkpoints of the audit chain's head are appended; unset, `<DATA_DIR>/audit-checkpoints.jsonl`. */
    AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
    /** The console's public URL for Auth.js, when set: it decides the session cookie's scheme (lib/auth). */
    AUTH_URL: z.string().optional(),
    NEXTAUTH_URL: z.string().optional(),
    PAYMENT_API_BASE_URL: z
      .url("PAYMENT_API_BASE_URL must be a URL")
      .transform((url) => url.replace(/\/+$/, "")),
    PAYMENT_API_TOKEN_ID: z.string().min(1, "PAYMENT_API_TOKEN_ID is required"),
    PAYMENT_API_CLIENT_SECRET: z.string().min(1, "PAYMENT_API_CLIENT_SECRET is required"),
    PAYMENT_API_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
    PAYMENT_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    WEBHOOK_PUBLIC_KEY: z.string().optional(),
    /**
     * The console's second environment (docs/CONFIGURATION.md, "Environments"): the other one's credential and
     * webhook key, named by it. Only the environment PAYMENT_API_ENVIRONMENT does not name may be given this way.
     */
    PAYMENT_API_SANDBOX_TOKEN_ID: z.string().min(1).optional(),
    PAYMENT_API_SANDBOX_CLIENT_SECRET: z.string().min(1).optional(),
    WEBHOOK_SANDBOX_PUBLIC_KEY: z.string().optional(),
    PAYMENT_API_PRODUCTION_TOKEN_ID: z.string().min(1).optional(),
    PAYMENT_API_PRODUCTION_CLIENT_SECRET: z.string().min(1).optional(),
    WEBHOOK_PRODUCTION_PUBLIC_KEY: z.string().optional(),
    WEBHOOK_SIGNATURE_HEADER: z.string().min(1).default("X-Service-Signature"),
    PAYMENT_APPROVAL_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
    /**
     * How long the approval policies may take to decide a pending payment's webhook (facts and rules) before the
     * console holds it for people instead ("time-budget-exceeded"); well inside the API's few seconds.
     */
    POLICY_TIME_BUDGET_MS: z.coerce.number().int().min(50).max(25_000).default(1_500),
    /** The watchlists screened against (issue 48): a folder of published list files; unset, data/screening/lists. */
    SCREENING_LISTS_DIR: z.string().min(1).optional(),
    /** Lists uploaded from the console (the launcher sets `<DATA_DIR>/screening-uploads`); unset, uploads are refused. */
    SCREENING_UPLOADS_DIR: z.string().min(1).optional(),
    /**
     * The one folder a list source's file path may name (the launcher sets `<DATA_DIR>/screening-sources`); unset,
     * path sources are refused and only http(s) URLs are.
     */
    SCREENING_SOURCES_DIR: z.string().min(1).optional(),
    /** How often that folder is read again for new versions of its lists, in minutes. */
    SCREENING_REFRESH_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    /** A list not confirmed current for this many hours is stale: payments screened against it are held. */
    SCREENING_FRESHNESS_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(36),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().min(1).default("Single sign-on"),
    /** Extra origins allowed to send mutations (comma-separated), e.g. the public URL behind a proxy. */
    CONSOLE_ALLOWED_ORIGINS: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    TRUSTED_PROXY_HOPS: trustedProxyHopsSchema,
    LOCAL_SERVICE: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
  })
  .superRefine((e, context) => {
    for (const name of ["SANDBOX", "PRODUCTION"] as const) {
      const tokenId = e[`PAYMENT_API_${name}_TOKEN_ID`];
      const secret = e[`PAYMENT_API_${name}_CLIENT_SECRET`];
      const key = e[`WEBHOOK_${name}_PUBLIC_KEY`];
      const given = [`PAYMENT_API_${name}_TOKEN_ID`, `PAYMENT_API_${name}_CLIENT_SECRET`].filter(
        (variable) => e[variable as keyof typeof e] !== undefined,
      );
      if (name.toLowerCase() === e.PAYMENT_API_ENVIRONMENT && (tokenId || secret || key)) {
        // The first environment's credential is PAYMENT_API_TOKEN_ID's: two names for one would be ambiguous.
        context.addIssue({
          code: "custom",
          path: [given[0] ?? `WEBHOOK_${name}_PUBLIC_KEY`],
          message: "names PAYMENT_API_ENVIRONMENT's own environment",
        });
      } else if (Boolean(tokenId) !== Boolean(secret) || (key && !tokenId)) {
        context.addIssue({
          code: "custom",
          path: [`PAYMENT_API_${name}_${tokenId ? "CLIENT_SECRET" : "TOKEN_ID"}`],
          message: "is needed with the rest of that environment's credential",
        });
      }
    }
  });

export type ConsoleEnv = z.infer<typeof environmentSchema>;

export function oidcConfigured(e: ConsoleEnv): boolean {
  return Boolean(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET);
}

/** The console's configuration is missing or invalid: it must refuse to serve (503), not guess. */
class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigurationError";
  }
}

/**
 * TRUSTED_PROXY_HOPS alone, for server.ts, which needs it before the first request and must not refuse to start
 * for the rest of the configuration (a console without its secret still answers, with 503).
 */
export function trustedProxyHops(source: NodeJS.ProcessEnv = process.env): number {
  const parsed = trustedProxyHopsSchema.safeParse(source.TRUSTED_PROXY_HOPS);
  if (!parsed.success) throw new ConfigurationError("TRUSTED_PROXY_HOPS must be a whole number from 0 to 10");
  return parsed.data;
}

let cached: ConsoleEnv | undefined;

/**
 * The console's server-side configuration, validated once. Never import this from a client component: the
 * credential and secrets in it must not reach the browser (the `server-only` import enforces it at build time).
 */
export function env(): ConsoleEnv {
  cached ??= parseConsoleEnv(process.env);
  return cached;
}

/**
 * For a process that is not the console's server but acts as the console (the launcher seeding the demo's approval
 * policy and its decisions before the console starts, scripts/lib/demo-policy.ts): the configuration it acts under,
 * given rather than read from its own environment.
 */
export function actAsConsole(source: Record<string, string | undefined>): void {
  cached = parseConsoleEnv(source);
}

/** Checks a set of variables as the console would; the error names the wrong variables, never their values. */
export function parseConsoleEnv(source: Record<string, string | undefined>): ConsoleEnv {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".")))];
    throw new ConfigurationError(`The console is not configured: check ${names.join(", ")}`);
  }
  return parsed.data;
}
