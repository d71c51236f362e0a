// /api/auth/* — Auth.js endpoints (sign-in callbacks, session, CSRF token, sign-out)
import { handlers } from "@/lib/auth/config";

export const dynamic = "force-dynamic";
export const { GET, POST } = handlers;
