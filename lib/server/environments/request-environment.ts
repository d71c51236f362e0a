import "server-only";
import type { Environment } from "../../universal/auth/permissions";
import { keptUserFromRequestHeaders, userFromRequestHeaders } from "../auth/session-user";
import type { HeaderReader } from "../http/header-reader";
import { environmentCookieOf, requestEnvironment } from "./current";

/**
 * The environment a request acts on (lib/server/environments/current.ts requestEnvironment), with the person it is signed
 * for: at once for a request without a cookie the console signed (the console's first environment) or whose person
 * this process keeps; else after the session is read (once per cookie header: lib/server/auth/session-user.ts keeps it).
 * A session that cannot be read leaves the console's first environment.
 */
export function environmentOfRequest(headers: HeaderReader): Environment | Promise<Environment> {
  const cookie = headers.get("cookie");
  let signed = false;
  try {
    signed = environmentCookieOf(cookie)?.kind === "signed";
  } catch {
    // A console without its configuration: requestEnvironment falls back as it does.
  }
  if (!signed) return requestEnvironment(cookie, undefined);
  let kept: { id: string } | undefined;
  try {
    kept = keptUserFromRequestHeaders(headers);
  } catch {
    kept = undefined;
  }
  if (kept) return requestEnvironment(cookie, kept.id);
  return userFromRequestHeaders(headers).then(
    (user) => requestEnvironment(cookie, user?.id),
    () => requestEnvironment(cookie, undefined),
  );
}
