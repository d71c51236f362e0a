import "server-only";
import { env } from "../env";
import { ConsoleError } from "../http/errors";

export class UpstreamUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The payment API could not be reached.", { cause });
    this.name = "UpstreamUnavailableError";
  }
}

/** The platform's credential as a Basic authorization header; server-only, never logged. */
function paymentApiAuthorization(): string {
  const { PAYMENT_API_TOKEN_ID, PAYMENT_API_CLIENT_SECRET } = env();
  return `Basic ${Buffer.from(`${PAYMENT_API_TOKEN_ID}:${PAYMENT_API_CLIENT_SECRET}`).toString("base64")}`;
}

/** Where the payment API is and how to sign in to it, from PAYMENT_API_BASE_URL and the credential. */
export interface UpstreamTarget {
  secure: boolean;
  /** Scheme, host and port: the local service's `/_local` extensions hang from here. */
  origin: string;
  /** The host to connect to (an IPv6 literal without its brackets). */
  hostname: string;
  port: string;
  /** The base URL's path (the version segment), without a trailing slash. */
  basePath: string;
  authorization: string;
}

// Worked out once per environment: every proxied call would otherwise parse the base URL and encode the credential.
const targets = new WeakMap<object, UpstreamTarget>();
export function upstreamTarget(): UpstreamTarget {
  const e = env();
  let target = targets.get(e);
  if (!target) {
    const base = new URL(e.PAYMENT_API_BASE_URL);
    target = {
      secure: base.protocol === "https:",
      origin: base.origin,
      hostname: base.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: base.port,
      basePath: base.pathname.replace(/\/+$/, ""),
      authorization: paymentApiAuthorization(),
    };
    targets.set(e, target);
  }
  return target;
}

/** The absolute URL of an API path, or of a path on the local service's origin when `local`. */
function upstreamUrl(path: string, local = false): string {
  const target = upstreamTarget();
  return local ? `${target.origin}${path}` : `${target.origin}${target.basePath}${path}`;
}

/**
 * Calls the payment API with the platform's credential. A network failure or time-out becomes
 * UpstreamUnavailableError; an HTTP error status is returned to the caller as it came.
 */
export async function callPaymentApi(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", upstreamTarget().authorization);
  headers.set("accept", "application/json");
  try {
    return await fetch(upstreamUrl(path), {
      ...init,
      headers,
      cache: "no-store",
      redirect: "manual",
      signal: init.signal ?? AbortSignal.timeout(env().PAYMENT_API_TIMEOUT_MS),
    });
  } catch (error) {
    throw new UpstreamUnavailableError(error);
  }
}

/**
 * A server-side read for a console route (transaction pages, the approval queue): the API's base URL, or the local
 * service's origin for its `/_local` extensions. Failures become the console's errors: 504 on time-out, 502 when
 * the API cannot be reached. (The browser's calls go through lib/proxy/relay.ts instead.)
 */
export async function paymentApiFetch(
  path: string,
  options: { method: string; headers: Headers; body?: BodyInit; local: boolean; timeoutMs: number },
): Promise<Response> {
  options.headers.set("authorization", upstreamTarget().authorization);
  options.headers.set("accept", "application/json");
  try {
    return await fetch(upstreamUrl(path, options.local), {
      method: options.method,
      headers: options.headers,
      body: options.body,
      cache: "no-store",
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
      ...(options.body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") {
      throw new ConsoleError(504, "UPSTREAM_TIMEOUT", "The payment API did not answer in time.");
    }
    throw new ConsoleError(502, "UPSTREAM_UNAVAILABLE", "The payment API could not be reached.");
  }
}
