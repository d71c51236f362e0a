import { type NextFetchEvent, type NextRequest, NextResponse } from "next/server";
import { auth } from "@/lib/auth/config";
import { log } from "@/lib/log/logger";

/**
 * Sends anonymous visitors of console pages to the sign-in page, and renews the session cookie while a person is
 * active (the idle time-out). It decides nothing else: every page and route handler checks the user and the
 * permission itself against the database.
 */
const redirectAnonymous = auth((request) => {
  if (request.auth) return NextResponse.next();
  const login = new URL("/login", request.nextUrl.origin);
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (target !== "/") login.searchParams.set("callbackUrl", target);
  return NextResponse.redirect(login);
});

// With a lazily built configuration, Auth.js hands the wrapped handler back inside a promise.
const handler = Promise.resolve(redirectAnonymous as unknown as Promise<typeof redirectAnonymous>);

export async function proxy(request: NextRequest, event: NextFetchEvent) {
  try {
    return await (await handler)(request, event as never);
  } catch (error) {
    // Fail closed: a console that cannot read sessions (no secret, broken configuration) serves nothing.
    log.error("console", "cannot check sessions", { error });
    return new NextResponse("The console is unavailable: it cannot verify sessions.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
}

export const config = {
  // API routes answer 401 themselves; static files and the sign-in page are public.
  matcher: ["/((?!api/|_next/|login|favicon\\.ico|robots\\.txt).*)"],
};
