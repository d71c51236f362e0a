// /api/auth/* — Auth.js endpoints (sign-in callbacks, session, CSRF token, sign-out)
import { type NextRequest, NextResponse } from "next/server";
import { handlers } from "@/lib/server/auth/config";
import { asTheBrowserSentIt } from "@/lib/server/auth/request-origin";
import { sessionNoLongerHolds } from "@/lib/server/auth/session-user";

export const dynamic = "force-dynamic";

// Under the origin the browser used, as the sign-on button's server action sees it (lib/server/auth/request-origin.ts).
export async function GET(request: NextRequest) {
  // Auth.js's session endpoint reads the cookie alone: after a sign-out elsewhere (a retired session version), a
  // disabled account or the session's hours, it would still name the person. It answers as with no cookie instead.
  if (request.nextUrl.pathname === "/api/auth/session" && (await sessionNoLongerHolds(request.headers))) {
    return NextResponse.json(null, { headers: { "cache-control": "private, no-cache, no-store" } });
  }
  return handlers.GET(asTheBrowserSentIt(request));
}
export const POST = (request: NextRequest) => handlers.POST(asTheBrowserSentIt(request));
