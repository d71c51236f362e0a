import "server-only";
import { env } from "../env";

export class UpstreamUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The payment API could not be reached.", { cause });
    this.name = "UpstreamUnavailableError";
  }
}

function authorization(): string {
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
  headers.set("authorization", authorization());
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
