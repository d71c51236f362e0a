import { demoUser, type Role } from "./secrets";
import { CONSOLE_ORIGIN } from "./stack";

/** A minimal cookie jar: name → value, from Set-Cookie headers, sent back as one Cookie header. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";", 1)[0] ?? "";
      const equals = pair.indexOf("=");
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Signs in through Auth.js's own endpoints as a browser does (CSRF token, then the credentials callback) and
 * returns the Cookie header of the session. Sessions idle out after 30 minutes, so each benchmark signs in anew.
 */
export async function signIn(role: Role): Promise<string> {
  const user = demoUser(role);
  const jar = new CookieJar();
  const csrfResponse = await fetch(`${CONSOLE_ORIGIN}/api/auth/csrf`, {
    signal: AbortSignal.timeout(30_000),
  });
  jar.take(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const callback = await fetch(`${CONSOLE_ORIGIN}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: jar.header(),
      origin: CONSOLE_ORIGIN,
    },
    body: new URLSearchParams({ csrfToken, email: user.email, password: user.password, callbackUrl: "/" }),
    signal: AbortSignal.timeout(30_000),
  });
  jar.take(callback);
  await callback.body?.cancel();
  const session = await fetch(`${CONSOLE_ORIGIN}/api/auth/session`, {
    headers: { cookie: jar.header() },
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await session.json()) as { uid?: string } | null;
  if (!body?.uid) throw new Error(`signing in as ${role} did not start a session (${callback.status})`);
  return jar.header();
}
