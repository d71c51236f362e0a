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
export function paymentApiAuthorization(): string {
  const { PAYMENT_API_TOKEN_ID, PAYMENT_API_CLIENT_SECRET } = env();
  return `Basic ${Buffer.from(`${PAYMENT_API_TOKEN_ID}:${PAYMENT_API_CLIENT_SECRET}`).toString("base64")}`;
}

/**
 * Calls the payment API with the platform's credential. A network failure or time-out becomes
 * UpstreamUnavailableError; an HTTP error status is returned to the caller as it came.
 */
export async function callPaymentApi(path: string, init: RequestInit = {}): Promise<Response> {
  const { PAYMENT_API_BASE_URL, PAYMENT_API_TIMEOUT_MS } = env();
  const headers = new Headers(init.headers);
  headers.set("authorization", paymentApiAuthorization());
  headers.set("accept", "application/json");
  try {
    return await fetch(`${PAYMENT_API_BASE_URL}${path}`, {
      ...init,
      headers,
      cache: "no-store",
      redirect: "manual",
      signal: init.signal ?? AbortSignal.timeout(PAYMENT_API_TIMEOUT_MS),
    });
  } catch (error) {
    throw new UpstreamUnavailableError(error);
  }
}

/**
 * The proxy's upstream call: the API's base URL, or the local service's origin for its `/_local` extensions.
 * Failures become the console's errors: 504 on time-out, 502 when the API cannot be reached.
 */
export async function paymentApiFetch(
  path: string,
  options: { method: string; headers: Headers; body?: BodyInit; local: boolean; timeoutMs: number },
): Promise<Response> {
  const base = env().PAYMENT_API_BASE_URL;
  const url = options.local ? `${new URL(base).origin}${path}` : `${base}${path}`;
  options.headers.set("authorization", paymentApiAuthorization());
  options.headers.set("accept", "application/json");
  try {
    return await fetch(url, {
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
