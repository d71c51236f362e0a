import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signInRequest } from "../support/session";

test("signing out through Auth.js's own endpoint ends the session: the old cookie no longer works", async ({
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const email = `signout-${Date.now()}@demo.local`;
  const created = await admin.post("/api/team", { data: { email, name: "Signing Out", role: "viewer" } });
  expect(created.status()).toBe(201);
  const { initialPassword } = (await created.json()) as { initialPassword: string };

  const person = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  const csrf = async () =>
    ((await (await person.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  await person.post("/api/auth/callback/credentials", {
    form: { csrfToken: await csrf(), email, password: initialPassword },
    maxRedirects: 0,
  });
  const session = (await person.storageState()).cookies.find((cookie) =>
    cookie.name.endsWith("authjs.session-token"),
  );
  if (!session) throw new Error("no session cookie after signing in");
  const oldCookie = `${session.name}=${session.value}`;
  const withOldCookie = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "", cookie: oldCookie },
  });
  expect((await withOldCookie.get("/api/team")).status()).toBe(200);

  const signedOut = await person.post("/api/auth/signout", {
    form: { csrfToken: await csrf() },
    maxRedirects: 0,
  });
  expect(signedOut.status()).toBe(302);
  expect((await person.get("/api/team")).status()).toBe(401);
  expect((await withOldCookie.get("/api/team")).status()).toBe(401);
});
