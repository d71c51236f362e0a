import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { demoUser, secondDemoUser, serviceApi } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest, signInWith } from "./support/session";

// A UMA domain that mixes scripts looks like the current one to the admin who approves the move: the form and the
// server refuse it, naming the characters; a name wholly in one script is shown with its xn-- form beside it.
test.describe.configure({ mode: "serial" });

/** "pay.exаmple.com" with a Cyrillic "а" (U+0430). */
const LOOK_ALIKE = "pay.ex\u0430mple.com";
const IDN = "пример.рф";
const IDN_ASCII = "xn--e1afmkfd.xn--p1ai";

let adminA: APIRequestContext;
let originalDomain = "";

async function currentDomain(): Promise<string> {
  return ((await (await serviceApi("/config")).json()) as { umaDomain: string }).umaDomain;
}

test.beforeAll(async ({ baseURL }) => {
  adminA = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(adminA, "admin");
  originalDomain = await currentDomain();
  // A domain change needs a second admin (stricter, so one admin turns it on).
  const on = await adminA.put("/api/config/four-eyes", {
    data: { config: { supportedCurrencies: false, umaDomain: true, webhookEndpoint: true } },
  });
  expect(on.status()).toBe(200);
});

test.afterAll(async () => {
  await withConsoleDatabase(async (client) => {
    await client.query("DELETE FROM console_settings WHERE key = 'four-eyes'");
    await client.query("UPDATE config_proposals SET status = 'withdrawn' WHERE status = 'proposed'");
  });
  if (originalDomain && (await currentDomain()) !== originalDomain) {
    await serviceApi("/config", { method: "PATCH", json: { umaDomain: originalDomain } });
  }
  await adminA.dispose();
});

async function openConfig(page: Page) {
  await page.goto("/config");
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: "UMA domain" })).toBeVisible({ timeout: 30_000 });
}

test("the form refuses a UMA domain that mixes Latin and Cyrillic letters, naming the look-alike", async ({
  page,
}) => {
  test.slow();
  await signInPage(page, "admin");
  await openConfig(page);
  const domain = page.getByRole("textbox", { name: "UMA domain" });
  await domain.fill(LOOK_ALIKE);
  await page.getByRole("button", { name: /Review changes|Propose change/ }).click();
  await expect(domain).toHaveAttribute("aria-invalid", "true");
  await expect(domain).toHaveAccessibleDescription(
    /The domain part "ex\u0430mple" mixes Latin letters with Cyrillic ones \("\u0430" U\+0430\)/,
  );
  await expect(page.getByRole("dialog", { name: "Review configuration changes" })).toHaveCount(0);
  await domain.scrollIntoViewIfNeeded();
  await shot(page, "config-look-alike-domain-refused", { fullPage: false });
  expect(await currentDomain()).toBe(originalDomain);
});

test("the server answers 400 for a look-alike, zero-width joiner or full-width domain, audited as refused", async () => {
  const cases: [string, RegExp][] = [
    [LOOK_ALIKE, /mixes Latin letters with Cyrillic ones \("\u0430" U\+0430\)/],
    ["pay.ex\u03bfmple.com", /mixes Latin letters with Greek ones \("\u03bf" U\+03BF\)/],
    ["pay.exa\u200dmple.com", /invisible characters \(U\+200D\)/],
    ["pay.\uff45xample.com", /full-width or compatibility characters \("\uff45" U\+FF45\)/],
    // Already encoded: xn--exmple-4nf is "exаmple" with the Cyrillic "а".
    ["pay.xn--exmple-4nf.com", /"ex\u0430mple" \(xn--exmple-4nf\) mixes Latin letters with Cyrillic ones/],
  ];
  for (const [umaDomain, reason] of cases) {
    const answer = await adminA.patch("/api/payments/config", { data: { umaDomain } });
    expect(answer.status()).toBe(400);
    const body = (await answer.json()) as {
      status: number;
      code: string;
      message: string;
      details: { fields: { path: string; message: string }[] };
    };
    expect(body.code).toBe("INVALID_INPUT");
    expect(body.details.fields).toEqual([{ path: "umaDomain", message: expect.stringMatching(reason) }]);
    const requestId = answer.headers()["x-request-id"] ?? "";
    const rows = await withConsoleDatabase(
      async (client) =>
        (
          await client.query<{ outcome: string; summary: Record<string, unknown> }>(
            "SELECT outcome, summary FROM audit_events WHERE request_id = $1 ORDER BY id",
            [requestId],
          )
        ).rows,
    );
    expect(rows.map((row) => row.outcome)).toEqual(["attempted", "refused"]);
    expect(rows[1]?.summary.reason).toBe("INVALID_INPUT");
    expect(rows[1]?.summary.problems).toEqual({ umaDomain: expect.stringMatching(reason) });
  }
  const pending = (await (await adminA.get("/api/config/proposals")).json()) as { pending: unknown[] };
  expect(pending.pending).toEqual([]);
  expect(await currentDomain()).toBe(originalDomain);
});

test("a domain wholly in Cyrillic is proposed in its xn-- form, which the approving admin, the history and the audit log show beside it", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signInPage(page, "admin");
  await openConfig(page);
  const domain = page.getByRole("textbox", { name: "UMA domain" });
  await domain.fill(IDN);
  await expect(domain).toHaveAccessibleDescription(new RegExp(`with its ASCII form: ${IDN_ASCII}`));
  await page.getByRole("button", { name: "Propose change — needs a second admin" }).click();
  const review = page.getByRole("dialog", { name: "Review configuration changes" });
  await expect(review.getByRole("list", { name: "Changes to save" })).toContainText(`${IDN} (${IDN_ASCII})`);
  await review.getByRole("button", { name: "Propose 1 change" }).click();
  await expect(review).toBeHidden();
  const [proposal] = (
    (await (await adminA.get("/api/config/proposals")).json()) as { pending: { id: string }[] }
  ).pending;
  const proposalId = proposal?.id ?? "";
  expect(proposalId).not.toBe("");

  // The second admin reads the new domain with its ASCII form beside it before approving.
  await page.goto("about:blank");
  await page.context().clearCookies();
  const second = secondDemoUser("admin");
  await signInWith(page, second.email, second.password);
  await openConfig(page);
  const pending = page.getByRole("region", { name: "Pending configuration change" });
  const proposed = pending.getByRole("list", { name: "Proposed changes" });
  await expect(proposed).toContainText(`${IDN} (${IDN_ASCII})`);
  await expect(pending).toContainText(`Proposed by ${demoUser("admin").name}`);
  await pending.scrollIntoViewIfNeeded();
  await shot(page, "config-idn-domain-approval-panel", { fullPage: false });

  const approve = pending.getByRole("button", { name: "Approve" });
  const dialog = page.getByRole("alertdialog", { name: "Approve and apply this change?" });
  await expect(async () => {
    if (!(await dialog.isVisible())) await approve.click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await dialog.getByRole("button", { name: "Approve and apply" }).click();
  await expect(pending).toBeHidden({ timeout: 30_000 });
  await expect.poll(currentDomain).toBe(IDN_ASCII);

  // The history and the audit log's details: the Unicode form, and the ASCII form beside it.
  const latest = page.getByRole("list", { name: "Configuration changes" }).getByRole("listitem").first();
  await expect(latest).toContainText(`${IDN} (${IDN_ASCII})`);
  await page.goto(`/audit?target=${encodeURIComponent(proposalId)}`);
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log).toBeVisible({ timeout: 30_000 });
  await expect(log.getByText(`${IDN} (${IDN_ASCII})`).first()).toBeVisible();

  // A plain ASCII domain is proposed as before (and withdrawn: the domain goes back in afterAll).
  const plain = await adminA.patch("/api/payments/config", { data: { umaDomain: originalDomain } });
  expect(plain.status()).toBe(202);
});
