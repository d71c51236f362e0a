import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Environment } from "../auth/permissions";
import { env } from "../env";
import { environmentInCookieHeader, isEnvironment } from "./names";
import { configuredEnvironments } from "./settings";

// One per process, on globalThis: Next.js's bundle and the console server (server.ts) each load their own copy of
// this module, and a request enters the environment in the server's copy before Next.js's code reads it.
const KEY = Symbol.for("payments-console.environment");
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Environment> };
holder[KEY] ??= new AsyncLocalStorage<Environment>();
const storage = holder[KEY];

/** Runs `work` acting on `environment`: every call to the payment API inside it uses that one's credential. */
export function runInEnvironment<T>(environment: Environment, work: () => T): T {
  return storage.run(environment, work);
}

/** The environment of the work in progress: the request's (its cookie), a webhook's, else the console's first. */
export function currentEnvironment(): Environment {
  return storage.getStore() ?? env().PAYMENT_API_ENVIRONMENT;
}

/** Whether the console holds a credential for `environment`. */
export function holdsEnvironment(environment: Environment): boolean {
  return configuredEnvironments(env()).some((one) => one.name === environment);
}

/**
 * The environment a request asks for by its cookie, when the console holds it; else the console's first. A console
 * that cannot read its configuration acts on nothing anyway (its routes answer 503), so that case is not an error.
 */
export function requestEnvironment(cookieHeader: string | null | undefined): Environment {
  const asked = environmentInCookieHeader(cookieHeader);
  try {
    if (isEnvironment(asked) && holdsEnvironment(asked)) return asked;
    return env().PAYMENT_API_ENVIRONMENT;
  } catch {
    return "sandbox";
  }
}
