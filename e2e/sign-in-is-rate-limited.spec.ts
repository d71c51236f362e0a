import {
  type APIRequestContext,
  type Browser,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import pg from "pg";
import { consoleDatabaseUrl } from "./support/environment";
import { signInRequest, signInWith } from "./support/session";
import { signInFrom } from "./support/sign-in-from";

// The figures of docs/SECURITY.md: failures in one hour from browsers the account has not signed in with.
const UNTRUSTED_FAILURES_PER_ACCOUNT = 10;
const FAILURES_PER_ADDRESS = 30;
const RATE_LIMITED =
  "Too many failed attempts. Try again in an hour, or from a browser you have signed in with before.";

async function admin(baseURL: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await signInRequest(context, "admin");
  return context;
}

/** A fresh team member and their first password. */
async function member(baseURL: string): Promise<{ email: string; password: string }> {
  const email = `limit-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.local`;
  const created = await (await admin(baseURL)).post("/api/team", {
    // One name per member: the console refuses a name that reads as another member's (NAME_TAKEN).
    data: { email, name: `Lockable Person ${email.slice(6, email.indexOf("@"))}`, role: "viewer" },
  });
  expect(created.status()).toBe(201);
  return { email, password: ((await created.json()) as { initialPassword: string }).initialPassword };
}

/** The person's usual browser: they have signed in with it before, then signed out. */
async function usualBrowser(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWith(page, email, password);
  await page.getByRole("button", { name: /Lockable Person/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  return page;
}

test("a stranger's wrong passwords lock out unknown browsers, never the person on their usual one", async ({
  browser,
  page,
  baseURL,
}) => {
  const person = await member(baseURL ?? "");
  const usual = await usualBrowser(browser, person.email, person.password);

  await page.goto("/login");
  for (let attempt = 0; attempt < UNTRUSTED_FAILURES_PER_ACCOUNT; attempt++) {
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    // Each attempt has ended when the form has been reset (the password cleared, the email kept).
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(person.email);
    await expect(
      page.getByText("The email or password is not right, or the account is disabled."),
    ).toBeVisible();
  }
  // The stranger's browser is now refused even the right password…
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(RATE_LIMITED)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // …while the person, in the browser they signed in with before, gets in.
  await usual.getByLabel("Email").fill(person.email);
  await usual.getByLabel("Password").fill(person.password);
  await usual.getByRole("button", { name: "Sign in" }).click();
  await usual.waitForURL((url) => !url.pathname.startsWith("/login"));
  await expect(usual.getByRole("button", { name: /Lockable Person/ })).toBeVisible();
  await usual.context().close();
});

test("failures for one account add up across addresses; a browser that signed in before keeps its own allowance", async ({
  baseURL,
}) => {
  const person = await member(baseURL ?? "");
  const known = await signInFrom(baseURL ?? "", "127.0.0.40", person.email, person.password);
  expect(known.outcome).toBe("signed-in");
  const device = known.cookies.filter((cookie) => cookie.startsWith("console-device="));
  expect(device).toHaveLength(1);

  for (let attempt = 0; attempt < UNTRUSTED_FAILURES_PER_ACCOUNT; attempt++) {
    const guess = await signInFrom(
      baseURL ?? "",
      `127.0.0.${41 + attempt}`,
      person.email,
      `guess-${attempt}`,
    );
    expect(guess.outcome, `guess ${attempt + 1}`).toBe("refused");
  }
  const elsewhere = await signInFrom(baseURL ?? "", "127.0.0.60", person.email, person.password);
  expect(elsewhere.outcome).toBe("rate-limited");
  // A forged or foreign device cookie is an unknown browser.
  const forged = await signInFrom(baseURL ?? "", "127.0.0.60", person.email, person.password, {
    cookies: ["console-device=v1.AAAAAAAAAAAAAAAAAAAAAA.1.AAAA"],
  });
  expect(forged.outcome).toBe("rate-limited");
  const again = await signInFrom(baseURL ?? "", "127.0.0.60", person.email, person.password, {
    cookies: device,
  });
  expect(again.outcome).toBe("signed-in");
});

test("failures from one address, whatever the accounts, lock that address only", async ({ baseURL }) => {
  const person = await member(baseURL ?? "");
  for (let attempt = 0; attempt < FAILURES_PER_ADDRESS; attempt++) {
    const guess = await signInFrom(
      baseURL ?? "",
      "127.0.0.70",
      `nobody-${attempt}-${Date.now()}@demo.local`,
      "x",
    );
    expect(guess.outcome, `guess ${attempt + 1}`).toBe("refused");
  }
  expect((await signInFrom(baseURL ?? "", "127.0.0.70", person.email, person.password)).outcome).toBe(
    "rate-limited",
  );
  expect((await signInFrom(baseURL ?? "", "127.0.0.71", person.email, person.password)).outcome).toBe(
    "signed-in",
  );
});

test("the address counted is the connection's, whatever forwarding headers the client sends", async ({
  baseURL,
}) => {
  const email = `nobody-forwarded-${Date.now()}@demo.local`;
  const refused = await signInFrom(baseURL ?? "", "127.0.0.80", email, "x", {
    headers: {
      "x-forwarded-for": "203.0.113.50",
      "x-real-ip": "203.0.113.51",
      "x-console-client-address": "203.0.113.52",
    },
  });
  expect(refused.outcome).toBe("refused");
  const db = new pg.Client({ connectionString: consoleDatabaseUrl() });
  await db.connect();
  try {
    const rows = await db.query("select address from sign_in_attempts where email = $1", [email]);
    expect(rows.rows).toEqual([{ address: "127.0.0.80" }]);
  } finally {
    await db.end();
  }
});
