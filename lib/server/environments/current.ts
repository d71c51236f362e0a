import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Environment } from "../../universal/auth/permissions";
import { environmentInCookieHeader } from "../../universal/environments/names";
import { env } from "../env";
import { type EnvironmentCookie, readEnvironmentValue } from "./cookie-signature";
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
function holdsEnvironment(environment: Environment): boolean {
  return configuredEnvironments(env()).some((one) => one.name === environment);
}

// Values already read, so the signature is checked once per value, not on every request (issue 25's CPU target).
const readValues = new Map<string, EnvironmentCookie>();
const MAX_READ_VALUES = 256;

function readCookie(value: string, secret: string): EnvironmentCookie {
  let read = readValues.get(value);
  if (!read) {
    read = readEnvironmentValue(value, secret);
    if (readValues.size >= MAX_READ_VALUES) readValues.clear();
    readValues.set(value, read);
  }
  return read;
}

/**
 * The environment a request acts on: the one its cookie names when the console signed that cookie for this person
 * (`userId`, the session's; its own switch, PUT /api/environment, which is audited) and holds the environment; else
 * the console's first. A cookie set by hand, or issued to someone else, is ignored (issue 46 item 14b;
 * lib/server/environments/cookie-signature.ts). A console that cannot read its configuration acts on nothing anyway (its
 * routes answer 503), so that case is not an error.
 */
export function requestEnvironment(
  cookieHeader: string | null | undefined,
  userId: string | undefined,
): Environment {
  try {
    const read = environmentCookieOf(cookieHeader);
    if (read?.kind === "signed" && read.userId === userId && holdsEnvironment(read.environment)) {
      return read.environment;
    }
    return env().PAYMENT_API_ENVIRONMENT;
  } catch {
    return "sandbox";
  }
}

/** The request's environment cookie as read (signed or forged), or null without one. Throws as env() does. */
export function environmentCookieOf(cookieHeader: string | null | undefined): EnvironmentCookie | null {
  const value = environmentInCookieHeader(cookieHeader);
  return value ? readCookie(value, env().AUTH_SECRET) : null;
}

/**
 * A switch attempted by hand: the cookie names an environment the console holds, other than the one the request is
 * served in, and the console did not sign it. Null for the console's own cookie (this person's, or another's left in
 * a shared browser), no cookie, or one that changes nothing.
 */
export function refusedEnvironmentCookie(
  cookieHeader: string | null | undefined,
  userId: string,
): { from: Environment; to: Environment } | null {
  try {
    const read = environmentCookieOf(cookieHeader);
    if (read?.kind !== "forged" || !read.asks) return null;
    const from = requestEnvironment(cookieHeader, userId);
    return read.asks !== from && holdsEnvironment(read.asks) ? { from, to: read.asks } : null;
  } catch {
    return null;
  }
}
