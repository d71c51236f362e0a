// /api/auth/* — Auth.js endpoints (sign-in callbacks, session, CSRF token, sign-out)
import type { NextRequest } from "next/server";
import { handlers } from "@/lib/server/auth/config";
import { asTheBrowserSentIt } from "@/lib/server/auth/request-origin";

export const dynamic = "force-dynamic";

// Under the origin the browser used, as the sign-on button's server action sees it (lib/server/auth/request-origin.ts).
export const GET = (request: NextRequest) => handlers.GET(asTheBrowserSentIt(request));
export const POST = (request: NextRequest) => handlers.POST(asTheBrowserSentIt(request));
