import "server-only";
import { env } from "../env";

/** The platform's credential as a Basic authorization header; server-only, never logged. */
function paymentApiAuthorization(): string {
  const { PAYMENT_API_TOKEN_ID, PAYMENT_API_CLIENT_SECRET } = env();
  return `Basic ${Buffer.from(`${PAYMENT_API_TOKEN_ID}:${PAYMENT_API_CLIENT_SECRET}`).toString("base64")}`;
}

/** Where the payment API is and how to sign in to it, from PAYMENT_API_BASE_URL and the credential. */
export interface UpstreamTarget {
  secure: boolean;
  /** PAYMENT_API_BASE_URL without a trailing slash. */
  baseUrl: string;
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
      baseUrl: `${base.origin}${base.pathname.replace(/\/+$/, "")}`,
      hostname: base.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: base.port,
      basePath: base.pathname.replace(/\/+$/, ""),
      authorization: paymentApiAuthorization(),
    };
    targets.set(e, target);
  }
  return target;
}
