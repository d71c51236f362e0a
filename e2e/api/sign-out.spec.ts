import { expect, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "../support/database";
import { demoUser } from "../support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "../support/fixtures";
import { shot } from "../support/screens";
import { signInRequest } from "../support/session";

/**
 * A viewer an admin just added, and a browser-less client of their own with its CSRF token reader and a password
 * sign-in through Auth.js's credentials callback, as the sign-in page posts it.
 */
async function newViewer(baseURL: string | undefined, prefix: string, name: string) {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const email = `${prefix}-${Date.now()}@demo.local`;
  const created = await admin.post("/api/team", { data: { email, name, role: "viewer" } });
  expect(created.status()).toBe(201);
  const { initialPassword } = (await created.json()) as { initialPassword: string };
  await admin.dispose();
  const person = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  const csrf = async () =>
    ((await (await person.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  const signIn = async (as: string, password: string) =>
    person.post("/api/auth/callback/credentials", {
      form: { csrfToken: await csrf(), email: as, password },
      maxRedirects: 0,
    });
  return { email, initialPassword, person, csrf, signIn };
}

test("signing out through Auth.js's own endpoint ends the session: the old cookie no longer works", async ({
  baseURL,
}) => {
  const { email, initialPassword, person, csrf, signIn } = await newViewer(baseURL, "signout", "Signing Out");
  await signIn(email, initialPassword);
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
  expect(await (await withOldCookie.get("/api/auth/session")).json()).toMatchObject({
    user: { name: "Signing Out" },
  });

  const signedOut = await person.post("/api/auth/signout", {
    form: { csrfToken: await csrf() },
    maxRedirects: 0,
  });
  expect(signedOut.status()).toBe(302);
  expect((await person.get("/api/team")).status()).toBe(401);
  expect((await withOldCookie.get("/api/team")).status()).toBe(401);
  // Auth.js's own session endpoint says so too, as it does with no cookie at all, not the person and their email.
  const after = await withOldCookie.get("/api/auth/session");
  expect(after.status()).toBe(200);
  expect(await after.json()).toBeNull();
});

test("password sign-ins and sign-outs are in the audit log, as single sign-on's are; an email of no member never is", async ({
  baseURL,
}) => {
  const { email, initialPassword, person, csrf, signIn } = await newViewer(
    baseURL,
    "audited",
    "Audited Sign-In",
  );
  // Someone types their password into the email field: it must not land in the log.
  const typedByMistake = `not-a-member-${Date.now()}-hunter2`;
  await signIn(typedByMistake, "whatever-it-is");
  await signIn(email, "not-the-password");
  await signIn(email, initialPassword);
  expect((await person.get("/api/auth/session")).ok()).toBe(true);
  await person.post("/api/auth/signout", { form: { csrfToken: await csrf() }, maxRedirects: 0 });

  const rows = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ action: string; outcome: string; reason: string | null }>(
          "SELECT action, outcome, summary->>'reason' AS reason FROM audit_events WHERE actor_email = $1 AND action LIKE 'auth.%' ORDER BY id",
          [email],
        )
      ).rows,
  );
  expect(rows.map((row) => [row.action, row.outcome, row.reason])).toEqual([
    ["auth.sign-in", "attempted", null],
    ["auth.sign-in", "refused", "wrong password"],
    ["auth.sign-in", "attempted", null],
    ["auth.sign-in", "allowed", null],
    ["auth.sign-out", "attempted", null],
    ["auth.sign-out", "allowed", null],
  ]);
  const leaked = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM audit_events WHERE actor_email ILIKE $1 OR target_id ILIKE $1 OR summary::text ILIKE $1",
          [`%${typedByMistake}%`],
        )
      ).rows[0]?.n,
  );
  expect(leaked).toBe(0);
  await person.dispose();
});

test("a password sign-in the audit log cannot record does not go ahead, and the page says why", async ({
  page,
}) => {
  const viewer = demoUser("viewer");
  await withConsoleDatabase((client) =>
    client.query(
      "ALTER TABLE audit_events ADD CONSTRAINT e2e_sign_in_unrecorded CHECK (action <> 'auth.sign-in') NOT VALID",
    ),
  );
  try {
    await page.goto("/login");
    await page.getByLabel("Email").fill(viewer.email);
    await page.getByLabel("Password").fill(viewer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page.getByText(
        "The console cannot record sign-ins in its audit log right now, so it did not sign you in.",
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await shot(page, "login-sign-in-unrecorded", { fullPage: false });
    expect(
      ((await (await page.request.get("/api/auth/session")).json()) as { uid?: string } | null)?.uid,
    ).toBeUndefined();
  } finally {
    await withConsoleDatabase((client) =>
      client.query("ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS e2e_sign_in_unrecorded"),
    );
  }
});

test("a live event stream ends when its session does: no event reaches a signed-out person", async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { email, initialPassword, person, csrf, signIn } = await newViewer(
    baseURL,
    "stream",
    "Streaming Viewer",
  );
  await signIn(email, initialPassword);
  const cookie = (await person.storageState()).cookies
    .map((entry) => `${entry.name}=${entry.value}`)
    .join("; ");
  const stream = new AbortController();
  const response = await fetch(`${baseURL}/api/events`, { headers: { cookie }, signal: stream.signal });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("the event stream has no body");
  try {
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain("retry:");

    const signedOut = await person.post("/api/auth/signout", {
      form: { csrfToken: await csrf() },
      maxRedirects: 0,
    });
    expect(signedOut.status()).toBe(302);
    // Something happens: a payment arrives, and its webhook is announced to the console's streams.
    const customer = await createIndividualCustomer("Stream After Sign-out");
    await receiveSandboxPayment(customer.id, 1_200);

    // The stream ends (at that event, or at the next heartbeat at the latest, 20 s) and carries no event after the
    // sign-out. Bounded: a stream still open 45 s after the sign-out has failed.
    const received: string[] = [];
    let ended = false;
    const deadline = Date.now() + 45_000;
    for (let reads = 0; reads < 50 && !ended && Date.now() < deadline; reads++) {
      const next = await Promise.race([
        reader.read(),
        new Promise<"open">((resolve) =>
          setTimeout(() => resolve("open"), Math.max(0, deadline - Date.now())),
        ),
      ]);
      if (next === "open") break;
      if (next.done) ended = true;
      else received.push(decoder.decode(next.value));
    }
    expect(received.filter((chunk) => chunk.includes("data:") && !chunk.includes("event:"))).toEqual([]);
    expect(ended).toBe(true);
  } finally {
    stream.abort();
    await person.dispose();
  }
});
