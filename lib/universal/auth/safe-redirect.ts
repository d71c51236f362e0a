// Stands for the console's origin while a path is resolved: whatever the real one, a path that keeps this origin
// keeps the real one too.
const PLACEHOLDER_ORIGIN = "http://console.invalid";
const MAX_LENGTH = 2048;

/**
 * The path a value leads to once a browser has read it as a link on the console (WHATWG URL parsing, which drops
 * tab, CR and LF and reads a backslash as a slash), or null when it leaves the console's origin. The path returned
 * is that parsed form, so it reads the same however often it is parsed again.
 */
export function consolePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
  const resolved = resolveOnConsole(value);
  if (resolved === null) return null;
  // `/.//host` parses to the path `//host`, which a second parse would read as another host.
  if (resolveOnConsole(resolved) !== resolved) return null;
  return resolved;
}

function resolveOnConsole(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, `${PLACEHOLDER_ORIGIN}/`);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || url.username || url.password) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? null : path;
}

/**
 * A post-sign-in destination: a path on the console (see consolePath) other than the sign-in page or an API
 * route. Anything else, absolute URLs included, goes home.
 */
export function safeCallbackPath(value: unknown): string {
  if (typeof value !== "string" || !/^\s*[/\\]/.test(value)) return "/";
  const path = consolePath(value);
  if (path === null || path.startsWith("/login") || path.startsWith("/api/")) return "/";
  return path;
}

/**
 * Auth.js's `redirect` callback: the same check for every redirect Auth.js makes (its sign-in and sign-out
 * endpoints, single sign-on). Auth.js also hands back absolute URLs on the console's own origin, which it keeps
 * in a cookie between the steps of a sign-in.
 */
export function authRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  let path: string | null = url;
  try {
    const absolute = new URL(url);
    path =
      absolute.origin === new URL(baseUrl).origin
        ? `${absolute.pathname}${absolute.search}${absolute.hash}`
        : null;
  } catch {
    // Not an absolute URL: a path, checked as one.
  }
  return `${baseUrl}${consolePath(path) ?? "/"}`;
}
