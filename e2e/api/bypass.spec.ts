import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signInRequest } from "../support/session";

const PROTECTED_PAGES = ["/", "/approvals", "/team", "/audit"];

test("anonymous requests cannot reach protected pages by any alternative form", async ({ baseURL }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL, maxRedirects: 0 });
  const leaks: string[] = [];
  for (const page of PROTECTED_PAGES) {
    const attempts: [string, Record<string, string>][] = [
      [page, { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" }],
      [page, { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" }],
      [`${page}${page.includes("?") ? "&" : "?"}_rsc=abc12`, { rsc: "1", "next-router-prefetch": "1" }],
      [page === "/" ? "/index.rsc" : `${page}.rsc`, { rsc: "1" }],
      [`${page}/`.replace("//", "/"), {}],
      [page.toUpperCase(), {}],
      [page.replace(/\//g, "%2F") || "/", {}],
      [
        page,
        {
          "x-forwarded-host": "localhost",
          "x-forwarded-user": "admin@demo.local",
          "x-user-id": "1",
          "x-remote-user": "admin",
        },
      ],
    ];
    for (const [url, headers] of attempts) {
      const response = await anonymous.get(url, { headers });
      const body = await response.text();
      // A redirect to sign-in or a 4xx is a refusal; a 200 must be the sign-in or not-found page, never console content.
      const leaked =
        response.status() === 200 &&
        /Payments console|Sign out|approval/i.test(body) &&
        !/Sign in to the payments console|does not exist/.test(body);
      if (leaked || response.status() >= 500)
        leaks.push(`${url} ${JSON.stringify(headers)} → ${response.status()}`);
    }
  }
  expect(leaks).toEqual([]);
});

test("anonymous API calls are refused whatever the path's spelling or the headers claim", async ({
  baseURL,
}) => {
  const anonymous = await playwrightRequest.newContext({ baseURL, maxRedirects: 0 });
  const attempts: [string, Record<string, string>][] = [
    ["/api/payments/config", { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" }],
    ["/api/payments/config/", {}],
    ["/api/payments//config", {}],
    ["/api/payments/%63onfig", {}],
    ["/API/payments/config", {}],
    ["/api/Payments/config", {}],
    ["/api/payments/customers%2Fbulk%2Fjobs%2Fx", {}],
    [
      "/api/audit",
      {
        "x-forwarded-user": "admin@demo.local",
        "x-user-role": "admin",
        authorization: "Basic YWRtaW46YWRtaW4=",
      },
    ],
    ["/api/approvals", { cookie: "authjs.session-token=forged" }],
    ["/api/team", { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1" }],
  ];
  for (const [url, headers] of attempts) {
    const response = await anonymous.get(url, { headers });
    expect([401, 404, 308, 307], `${url} ${JSON.stringify(headers)}`).toContain(response.status());
  }
});

test("a forged or tampered session cookie is not a session", async ({ baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, "admin");
  const cookies = (await admin.storageState()).cookies;
  const session = cookies.find((cookie) => cookie.name.includes("session-token"));
  expect(session).toBeDefined();
  const tampered = `${session?.value.slice(0, -4)}AAAA`;
  const forged = await playwrightRequest.newContext({ baseURL });
  const response = await forged.get("/api/approvals", {
    headers: { cookie: `${session?.name}=${tampered}` },
  });
  expect(response.status()).toBe(401);
});
