import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { withConsoleDatabase } from "./support/database";
import { secondDemoUser } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment } from "./support/fixtures";
import { waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInRequest, signInWith, switchUser } from "./support/session";

// What the sandbox's USD senders share (service/domain/incoming-payments.ts), under the demo's USD rules.
const SENDER_NAME = "Alex Sandbox Rivera";
const SENDER_BIRTH_DATE = "1990-04-12";
const DEFAULT_VISIBILITY = {
  admin: ["name", "birthDate", "nationality", "address", "contact", "taxId"],
  compliance: ["name", "nationality"],
  developer: [],
  viewer: [],
};

test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  // Back to the default, for every other spec.
  await withConsoleDatabase((client) =>
    client.query("delete from console_settings where key = 'personal-data-visibility'"),
  );
});

test("a sender's personal data is masked by role, revealed by compliance with an audited reason, and two admins choose who sees more", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Paula Privada");
  const payment = await receiveSandboxPayment(customer.id, 3_300);
  const transactionPath = `/transactions/${encodeURIComponent(payment.id)}`;

  // A viewer sees neither the name nor the birth date: not on the page, not in any answer the browser gets.
  await signInPage(page, "viewer");
  await page.goto(transactionPath);
  const counterparty = page.getByRole("region", { name: "Counterparty" });
  // The first page after signing in loads the app's code: give a busy machine time.
  await expect(counterparty).toContainText("A••• S••• R•••", { timeout: 30_000 });
  await expect(counterparty).toContainText("••••-••-••");
  await expect(counterparty).not.toContainText(SENDER_NAME);
  await expect(counterparty.getByRole("button", { name: "Reveal Date of birth" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  for (const path of [
    `/api/payments${transactionPath}`,
    `/api/payments/transactions?limit=50`,
    `/api${transactionPath}/events`,
    "/api/approvals",
    "/api/inbox?limit=50",
  ]) {
    const text = await (await page.request.get(path)).text();
    expect(text, path).not.toContain(SENDER_BIRTH_DATE);
    expect(text, path).not.toContain(SENDER_NAME);
  }
  const relayed = (await (await page.request.get(`/api/payments${transactionPath}`)).json()) as {
    maskedCounterpartyFields: string[];
  };
  expect(relayed.maskedCounterpartyFields.sort()).toEqual(["BIRTH_DATE", "FULL_NAME"]);
  await shot(page, "personal-data-masked-viewer");

  // Compliance sees the name, reveals the birth date with a reason, and the reason is in the audit log.
  await switchUser(page, "compliance");
  await page.goto(transactionPath);
  await waitForHydration(page);
  await expect(counterparty).toContainText(SENDER_NAME);
  await expect(counterparty).not.toContainText(SENDER_BIRTH_DATE);
  await counterparty.getByRole("button", { name: "Reveal Date of birth" }).click();
  const dialog = page.getByRole("alertdialog", { name: /Reveal the sender's date of birth/ });
  // The dialog asks for a reason first, so the reason field has the focus, not Cancel.
  await expect(dialog.getByLabel(/Why you need it/)).toBeFocused();
  await dialog.getByLabel(/Why you need it/).fill("Sanctions screening match to rule out");
  await shot(page, "personal-data-reveal-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Reveal" }).click();
  await expect(counterparty).toContainText(SENDER_BIRTH_DATE);
  await expect(counterparty).toContainText("revealed · audited");
  // The Reveal button went with the mask: the keyboard is on the value it revealed, not lost on the page's body.
  await expect(counterparty.locator(":focus")).toContainText(`${SENDER_BIRTH_DATE}revealed · audited`);
  const audit = await withConsoleDatabase(async (client) => {
    const result = await client.query<{
      outcome: string;
      actor_email: string;
      summary: Record<string, unknown>;
    }>(
      "select outcome, actor_email, summary from audit_events where action = 'privacy.reveal' and target_id = $1 order by id",
      [payment.id],
    );
    return result.rows;
  });
  expect(audit.map((row) => row.outcome)).toEqual(["attempted", "allowed"]);
  expect(audit[1]?.summary).toMatchObject({
    field: "BIRTH_DATE",
    justification: "Sanctions screening match to rule out",
  });
  // A reason too short to mean anything is refused, and a viewer may not reveal at all.
  const short = await page.request.post("/api/privacy/reveal", {
    data: { transactionId: payment.id, field: "BIRTH_DATE", justification: "because" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(short.status()).toBe(400);

  // An admin proposes letting viewers see names: it loosens a control, so nothing changes until a second admin
  // approves (decision 0088); then the viewer sees the name, and the birth date still masked.
  await switchUser(page, "admin");
  await page.goto("/team");
  await waitForHydration(page);
  const settings = page.getByRole("region", { name: "Who sees a sender's personal data" });
  await settings.getByRole("checkbox", { name: "Names unmasked for Viewer" }).click();
  await settings.getByRole("button", { name: "Propose change — needs a second admin" }).click();
  await expect(
    page.getByText("Proposed: another admin must approve it before anyone sees more"),
  ).toBeVisible();
  await expect(settings.getByRole("checkbox", { name: "Names unmasked for Viewer" })).not.toBeChecked();
  await expect(settings).toContainText(
    "Waiting for a second admin: show senders' names unmasked to viewers.",
  );
  const waiting = page
    .getByRole("region", { name: "Waiting for a second admin" })
    .getByRole("listitem", { name: "Show senders' names unmasked to viewers" });
  // Its proposer may only withdraw it.
  await expect(waiting.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await expect(waiting).toContainText("You proposed this change; another admin must approve or decline it.");
  await expect(waiting.getByRole("button", { name: "Approve" })).toHaveAttribute("aria-disabled", "true");
  await shot(page, "personal-data-settings");
  const stored = () =>
    withConsoleDatabase(async (client) => {
      const result = await client.query<{ value: Record<string, unknown> }>(
        "select value from console_settings where key = 'personal-data-visibility'",
      );
      return result.rows[0]?.value;
    });
  expect((await stored()) ?? DEFAULT_VISIBILITY).toEqual(DEFAULT_VISIBILITY);

  // The demo's second admin approves it on their Team page; the first admin's boxes follow, unasked.
  const sam = secondDemoUser("admin");
  const secondPage = await (await browser.newContext()).newPage();
  await signInWith(secondPage, sam.email, sam.password);
  await secondPage.goto("/team");
  await waitForHydration(secondPage);
  const secondPanel = secondPage.getByRole("region", { name: "Waiting for a second admin" });
  await secondPanel
    .getByRole("listitem", { name: "Show senders' names unmasked to viewers" })
    .getByRole("button", { name: "Approve" })
    .click();
  await secondPage
    .getByRole("alertdialog", { name: "Approve and apply this change?" })
    .getByRole("button", { name: "Approve and apply" })
    .click();
  await expect(secondPanel.getByRole("status")).toContainText(
    "Approved and applied: Show senders' names unmasked to viewers.",
  );
  await secondPage.context().close();
  expect(await stored()).toEqual({ ...DEFAULT_VISIBILITY, viewer: ["name"] });
  await expect(settings.getByRole("checkbox", { name: "Names unmasked for Viewer" })).toBeChecked();
  await expect(settings).not.toContainText("Waiting for a second admin");

  await switchUser(page, "viewer");
  const viewerOrigin = new URL(page.url()).origin;
  expect(
    (
      await page.request.post("/api/privacy/reveal", {
        data: { transactionId: payment.id, field: "BIRTH_DATE", justification: "Just curious about it" },
        headers: { origin: viewerOrigin },
      })
    ).status(),
  ).toBe(403);
  // Each console keeps the setting for up to two seconds.
  await expect(async () => {
    await page.goto(transactionPath);
    await expect(counterparty).toContainText(SENDER_NAME, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(counterparty).toContainText("••••-••-••");
});

test("a policy's rules over a sender's field show its values masked to a role that sees the field masked", async ({
  baseURL,
  page,
}) => {
  const taxIds = ["123-45-6789", "987-65-4321"];
  const [draft] = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          `INSERT INTO policy_versions (version, status, document, note, created_by)
           SELECT coalesce(max(version), 0) + 1, 'draft', $1, 'e2e: a rule over tax ids',
                  (SELECT id FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1)
           FROM policy_versions RETURNING id`,
          [
            JSON.stringify({
              rules: [
                {
                  id: "known-tax-ids",
                  name: "Known tax ids",
                  when: [{ kind: "counterpartyValue", field: "TAX_ID", op: "in", values: taxIds }],
                  // biome-ignore lint/suspicious/noThenProperty: a policy rule's "then" is the policy document's own key.
                  then: { decision: "approve" },
                },
              ],
              allowListedDomains: [],
            }),
          ],
        )
      ).rows,
  );
  if (!draft) throw new Error("no draft inserted");
  const as = (role: "viewer" | "admin") =>
    asRole(baseURL, role, async (context) => {
      const list = await (await context.get("/api/policies")).text();
      const one = await (await context.get(`/api/policies/${draft.id}`)).text();
      return list + one;
    });
  try {
    const viewer = await as("viewer");
    expect(viewer).toContain("Known tax ids");
    for (const taxId of taxIds) expect(viewer).not.toContain(taxId);
    const admin = await as("admin");
    for (const taxId of taxIds) expect(admin).toContain(taxId);

    // The policies page as the viewer reads it.
    await signInPage(page, "viewer");
    await page.goto("/policies");
    await waitForHydration(page);
    // The newest version is the draft inserted above.
    await page
      .getByRole("row")
      .filter({ hasText: "Draft" })
      .first()
      .getByText("Open", { exact: true })
      .click();
    await expect(page.getByText("Known tax ids").first()).toBeVisible();
    for (const taxId of taxIds) await expect(page.getByText(taxId)).toHaveCount(0);
    await shot(page, "policies-masked-values");
  } finally {
    await withConsoleDatabase((client) =>
      client.query("DELETE FROM policy_versions WHERE id = $1", [draft.id]),
    );
  }
});

test("a refused delivery's excerpt that names a counterparty's information is withheld from a masked role, and not searched for it", async ({
  baseURL,
  page,
}) => {
  const sender = `Unverified Sender ${Date.now()}`;
  const excerpt = `{"transaction":{"counterpartyInformation":{"FULL_NAME":"${sender}"}},"type":"INCOMING_PAYMENT"`;
  // Arranged in the table, as a refused delivery leaves it (the receiving end is e2e/api/webhook-receiver.spec.ts).
  const [row] = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ id: string }>(
          "INSERT INTO webhook_rejections (reason, body_excerpt, body_bytes) VALUES ('bad-signature', $1, 900) RETURNING id",
          [excerpt],
        )
      ).rows,
  );
  if (!row) throw new Error("no rejection inserted");
  const as = (role: "viewer" | "admin") =>
    asRole(baseURL, role, async (context) => {
      const listed = (await (await context.get("/api/inbox?unverified=true&limit=50")).json()) as {
        data: { id: number; bodyExcerpt: string; excerptWithheld?: boolean }[];
      };
      const searched = (await (
        await context.get(`/api/inbox?unverified=true&transactionId=${encodeURIComponent(sender)}`)
      ).json()) as { data: unknown[] };
      return {
        shown: listed.data.find((entry) => String(entry.id) === String(row.id)),
        found: searched.data.length,
      };
    });
  try {
    const viewer = await as("viewer");
    expect(viewer.shown).toMatchObject({ bodyExcerpt: "", excerptWithheld: true });
    expect(viewer.found).toBe(0);
    const admin = await as("admin");
    expect(admin.shown?.bodyExcerpt).toContain(sender);
    expect(admin.found).toBe(1);

    // The viewer's page says why the body is not shown.
    await signInPage(page, "viewer");
    await page.goto("/webhooks?unverified=true");
    await waitForHydration(page);
    const newest = page.getByRole("table", { name: "Received webhooks" }).getByRole("row").nth(1);
    await newest.getByRole("button", { name: /^Open Unverified delivery/ }).click();
    const sheet = page.getByRole("dialog", { name: "Delivery that failed verification" });
    await expect(sheet).toContainText("Withheld: it names a counterparty's information");
    await expect(sheet).not.toContainText(sender);
    await shot(page, "webhooks-withheld-excerpt");
  } finally {
    await withConsoleDatabase((client) =>
      client.query("DELETE FROM webhook_rejections WHERE id = $1", [row.id]),
    );
  }
});

/** Signed in as `role` in a request context of its own, for `work`; the context is closed after. */
async function asRole<T>(
  baseURL: string | undefined,
  role: "viewer" | "admin",
  work: (context: APIRequestContext) => Promise<T>,
): Promise<T> {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  try {
    await signInRequest(context, role);
    return await work(context);
  } finally {
    await context.dispose();
  }
}
