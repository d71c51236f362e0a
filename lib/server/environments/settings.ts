import "server-only";
import type { Environment } from "../../universal/auth/permissions";
import type { ConsoleEnv } from "../env";

/** One environment the console can act on: its credential and the key its webhooks are signed with. */
export interface EnvironmentSettings {
  name: Environment;
  tokenId: string;
  clientSecret: string;
  webhookPublicKey: string | undefined;
}

// Worked out once per validated configuration.
const cache = new WeakMap<ConsoleEnv, EnvironmentSettings[]>();

/**
 * The environments this console holds, the first being PAYMENT_API_ENVIRONMENT's (PAYMENT_API_TOKEN_ID, …,
 * WEBHOOK_PUBLIC_KEY) and the second, when configured, the other one's (PAYMENT_API_PRODUCTION_TOKEN_ID, … when
 * the first is the sandbox; lib/server/env.ts checks they name the other environment). Server-only: credentials inside.
 */
export function configuredEnvironments(e: ConsoleEnv): EnvironmentSettings[] {
  let found = cache.get(e);
  if (found) return found;
  found = [
    {
      name: e.PAYMENT_API_ENVIRONMENT,
      tokenId: e.PAYMENT_API_TOKEN_ID,
      clientSecret: e.PAYMENT_API_CLIENT_SECRET,
      webhookPublicKey: e.WEBHOOK_PUBLIC_KEY,
    },
  ];
  const other: Environment = e.PAYMENT_API_ENVIRONMENT === "sandbox" ? "production" : "sandbox";
  const second =
    other === "production"
      ? {
          tokenId: e.PAYMENT_API_PRODUCTION_TOKEN_ID,
          clientSecret: e.PAYMENT_API_PRODUCTION_CLIENT_SECRET,
          webhookPublicKey: e.WEBHOOK_PRODUCTION_PUBLIC_KEY,
        }
      : {
          tokenId: e.PAYMENT_API_SANDBOX_TOKEN_ID,
          clientSecret: e.PAYMENT_API_SANDBOX_CLIENT_SECRET,
          webhookPublicKey: e.WEBHOOK_SANDBOX_PUBLIC_KEY,
        };
  if (second.tokenId && second.clientSecret) {
    found.push({
      name: other,
      tokenId: second.tokenId,
      clientSecret: second.clientSecret,
      webhookPublicKey: second.webhookPublicKey,
    });
  }
  cache.set(e, found);
  return found;
}

/** The settings of `name`, or the console's first environment when it holds no such one. */
export function environmentSettings(e: ConsoleEnv, name: Environment): EnvironmentSettings {
  const all = configuredEnvironments(e);
  return all.find((one) => one.name === name) ?? (all[0] as EnvironmentSettings);
}
