import "server-only";
import type { Environment } from "../../universal/auth/permissions";
import { type ConsoleEnv, env } from "../env";
import { currentEnvironment } from "../environments/current";
import { environmentSettings } from "../environments/settings";

/** Where the payment API is and how to sign in to it, from PAYMENT_API_BASE_URL and an environment's credential. */
export interface UpstreamTarget {
  secure: boolean;
  /** PAYMENT_API_BASE_URL without a trailing slash. */
  baseUrl: string;
  /** The host to connect to (an IPv6 literal without its brackets). */
  hostname: string;
  port: string;
  /** The base URL's path (the version segment), without a trailing slash. */
  basePath: string;
  /** The environment's credential as a Basic authorization header; server-only, never logged. */
  authorization: string;
}

// Worked out once per configuration and environment: every proxied call would otherwise parse the base URL and
// encode the credential. The base URL is the same for both environments: the credential selects one (the API's
// specification, "Credentials").
const targets = new WeakMap<ConsoleEnv, Map<Environment, UpstreamTarget>>();

/** The target of the work in progress: the environment the request (or the webhook) acts on. */
export function upstreamTarget(environment: Environment = currentEnvironment()): UpstreamTarget {
  const e = env();
  let byEnvironment = targets.get(e);
  if (!byEnvironment) {
    byEnvironment = new Map();
    targets.set(e, byEnvironment);
  }
  let target = byEnvironment.get(environment);
  if (!target) {
    const base = new URL(e.PAYMENT_API_BASE_URL);
    const { tokenId, clientSecret } = environmentSettings(e, environment);
    target = {
      secure: base.protocol === "https:",
      baseUrl: `${base.origin}${base.pathname.replace(/\/+$/, "")}`,
      hostname: base.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: base.port,
      basePath: base.pathname.replace(/\/+$/, ""),
      authorization: `Basic ${Buffer.from(`${tokenId}:${clientSecret}`).toString("base64")}`,
    };
    byEnvironment.set(environment, target);
  }
  return target;
}
