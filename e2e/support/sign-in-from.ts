import http from "node:http";

/**
 * Sign-ins through Auth.js's credentials endpoint from a chosen loopback address (127.0.0.2, 127.0.0.3, …), so a
 * spec can be several clients at once, as the console sees them: by the socket's address, not by a header.
 */

interface Reply {
  status: number;
  location: string;
  cookies: string[];
  body: string;
}

function call(
  baseURL: string,
  from: string,
  method: "GET" | "POST",
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
  const target = new URL(pathname, baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      { method, headers, localAddress: from, timeout: 30_000 },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: String(response.headers.location ?? ""),
            cookies: (response.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0] ?? ""),
            body: text,
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(`${method} ${pathname} timed out`)));
    request.on("error", reject);
    request.end(body);
  });
}

type SignInOutcome = "signed-in" | "refused" | "rate-limited";

export interface SignInFrom {
  outcome: SignInOutcome;
  /** `name=value` of every cookie the answer set (the session, the device cookie…). */
  cookies: string[];
}

/**
 * One sign-in attempt from `from`. `cookies` are sent as the browser would (a device cookie from an earlier
 * sign-in, say); `headers` are extra request headers (forged forwarding headers, say).
 */
export async function signInFrom(
  baseURL: string,
  from: string,
  email: string,
  password: string,
  options: { cookies?: string[]; headers?: Record<string, string> } = {},
): Promise<SignInFrom> {
  const jar = options.cookies ?? [];
  const csrf = await call(baseURL, from, "GET", "/api/auth/csrf", {
    ...options.headers,
    cookie: jar.join("; "),
  });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const answer = await call(
    baseURL,
    from,
    "POST",
    "/api/auth/callback/credentials",
    {
      ...options.headers,
      "content-type": "application/x-www-form-urlencoded",
      origin: baseURL,
      cookie: [...jar, ...csrf.cookies].join("; "),
    },
    new URLSearchParams({ csrfToken, email, password, callbackUrl: "/" }).toString(),
  );
  if (answer.status !== 302) throw new Error(`sign-in answered ${answer.status}`);
  const location = new URL(answer.location, baseURL);
  const code = location.searchParams.get("code");
  const outcome: SignInOutcome =
    code === "rate_limited" ? "rate-limited" : location.searchParams.has("error") ? "refused" : "signed-in";
  return { outcome, cookies: answer.cookies };
}
