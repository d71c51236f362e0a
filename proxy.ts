import { type NextFetchEvent, type NextRequest, NextResponse } from "next/server";
import { auth } from "@/lib/server/auth/config";
import { log } from "@/lib/server/log/logger";
import { continueWithNonce, withScriptlessPolicy } from "@/lib/universal/http/page-nonce";
import { PREFETCH_MARK } from "@/lib/universal/http/prefetch-mark";

/**
 * Sends anonymous visitors of console pages to the sign-in page, and renews the session cookie while a person is
 * active (the idle time-out). It decides nothing else: every page and route handler checks the user and the
 * permission itself against the database. Every page it lets through gets its own script nonce (the
 * Content-Security-Policy, lib/universal/http/page-nonce.ts).
 */
const redirectAnonymous = auth((request) => {
  if (request.auth) return continueWithNonce(request);
  const login = new URL("/login", request.nextUrl.origin);
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (target !== "/") login.searchParams.set("callbackUrl", target);
  return withScriptlessPolicy(NextResponse.redirect(login));
});

// With a lazily built configuration, Auth.js hands the wrapped handler back inside a promise.
const handler = Promise.resolve(redirectAnonymous as unknown as Promise<typeof redirectAnonymous>);

/** The sign-in page is public: it needs its nonce, not a session. */
const isSignInPage = (pathname: string) => pathname.startsWith("/login");

/**
 * The router fetching a page ahead of a click is not the person at work, so it must not renew the session (the idle
 * time-out); the page's own layout still checks the session. With the root layout reading the nonce, prefetched
 * pages go stale after 30 s and are fetched again on the router's own schedule. Next.js hides the router's headers
 * from this hook; server.ts marks a prefetch under a name of its own (lib/universal/http/prefetch-mark.ts).
 */
const isPrefetch = (request: NextRequest) => request.headers.get(PREFETCH_MARK) === "1";

export async function proxy(request: NextRequest, event: NextFetchEvent) {
  if (isSignInPage(request.nextUrl.pathname) || isPrefetch(request)) return continueWithNonce(request);
  try {
    return await (await handler)(request, event as never);
  } catch (error) {
    // Fail closed: a console that cannot read sessions (no secret, broken configuration) serves nothing.
    log.error("console", "cannot check sessions", { error });
    return withScriptlessPolicy(
      new NextResponse("The console is unavailable: it cannot verify sessions.", {
        status: 503,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
      }),
    );
  }
}

export const config = {
  // API routes answer 401 themselves and static files are public: neither is a page, so neither needs a nonce. The
  // files are left out by their whole name: `/icon.svgX` is a page (the not-found one), which needs its policy.
  matcher: [
    "/((?!api/|_next/|(?:favicon\\.ico|icon\\.svg|icon-32\\.png|manifest\\.webmanifest|robots\\.txt)$).*)",
  ],
};
