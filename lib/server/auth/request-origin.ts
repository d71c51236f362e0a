import "server-only";
import type { NextRequest } from "next/server";

/**
 * The request under the origin the browser used, by Auth.js's own rule for its server-side sign-in
 * (`createActionURL`: X-Forwarded-Host, else Host; X-Forwarded-Proto, else the request's scheme).
 *
 * Without AUTH_URL, Auth.js's endpoints see the URL Next.js gives a route handler, whose origin is the one the
 * server listens on (`http://localhost:3000`), while the sign-on button's server action takes it from the
 * request's headers. Single sign-on's redirect URI is made once by each (the authorization request by the server
 * action, the code exchange by the callback endpoint), and the provider refuses the exchange when the two differ,
 * so the endpoints get the request as the browser sent it. With AUTH_URL set, Auth.js uses that for both.
 *
 * A plain Request, not a NextRequest: Next.js's URL class writes every loopback host (127.0.0.1, [::1]) as
 * `localhost`, which is how a console reached at http://127.0.0.1:3000 came to exchange codes for
 * http://localhost:3000. Auth.js reads only `url`, the method, the headers and the body.
 */
export function asTheBrowserSentIt(request: NextRequest): NextRequest {
  if (process.env.AUTH_URL ?? process.env.NEXTAUTH_URL) return request;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!host) return request;
  const scheme = (request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol).replace(/:$/, "");
  let origin: string;
  try {
    origin = new URL(`${scheme}://${host}`).origin;
  } catch {
    return request;
  }
  const url = new URL(request.url);
  if (origin === "null" || origin === url.origin) return request;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const seen = new Request(new URL(`${url.pathname}${url.search}`, origin), {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: "half" } : {}),
  } as RequestInit);
  return seen as NextRequest;
}
