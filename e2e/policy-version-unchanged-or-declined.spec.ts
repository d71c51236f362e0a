import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { auditRowsOf, withConsoleDatabase } from "./support/database";
import { demoUser } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { HOLD_EVERYTHING } from "./support/policy-documents";
import { shot } from "./support/screens";
import { signInPage, signInRequest } from "./support/session";

// Neither test activates anything: the version in force (the demo's v1 in a fresh run) stays as it was.

const signedIn = async (baseURL: string | undefined, role: "compliance" | "admin") => {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(context, role);
  return context;
};

interface Version {
  id: string;
  version: number;
  status: string;
  declineReason: string | null;
}

async function openPolicies(page: Page) {
  await page.goto("/policies");
  await waitForHydration(page);
  await expect(page.getByRole("table", { name: "Policy versions" })).toBeVisible({ timeout: 30_000 });
}

const versionRow = (page: Page, version: number) =>
  page
    .getByRole("table", { name: "Policy versions" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: `v${version}`, exact: true }) });

test("a version the same as the one in force cannot be proposed: the page says so before Propose, the server refuses it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const compliance = await signedIn(baseURL, "compliance");
  const { versions } = (await (await compliance.get("/api/policies")).json()) as { versions: Version[] };
  const active = versions.find((version) => version.status === "active");
  if (!active) throw new Error("no version in force: the demo starts with v1");

  // Through the API: a copy of the version in force, proposed as it is.
  const copied = await compliance.post("/api/policies", { data: { copyOf: active.id } });
  expect(copied.status()).toBe(201);
  const { version: copy } = (await copied.json()) as { version: Version };
  const refused = await compliance.post(`/api/policies/${copy.id}/propose`, { data: {} });
  expect(refused.status()).toBe(409);
  const body = (await refused.json()) as { status: number; code: string; message: string };
  expect(body).toMatchObject({ status: 409, code: "POLICY_UNCHANGED" });
  expect(body.message).toBe(
    `v${copy.version} is the same as v${active.version}, the version in force: change a rule or the allow-list before proposing it.`,
  );
  // The attempt and its refusal are in the log; nothing was proposed.
  const rows = await auditRowsOf(refused.headers()["x-request-id"] ?? "");
  expect(rows.map((row) => `${row.action} ${row.outcome}`)).toEqual([
    "policy.version.propose attempted",
    "policy.version.propose refused",
  ]);
  expect(rows[1]?.summary).toMatchObject({ reason: "POLICY_UNCHANGED", policyVersion: copy.version });
  const after = (await (await compliance.get(`/api/policies/${copy.id}`)).json()) as { version: Version };
  expect(after.version.status).toBe("draft");

  // On the page: New draft copies the version in force, and Propose says why there is nothing to propose yet.
  await signInPage(page, "compliance");
  await openPolicies(page);
  await page.getByRole("button", { name: "New draft" }).click();
  await expect(page.getByRole("heading", { name: /^Version v\d+$/ })).toBeVisible();
  const draft = Number(
    (await page.getByRole("heading", { name: /^Version v\d+$/ }).textContent())?.replace(/\D+/g, ""),
  );
  const reason = `v${draft} is the same as v${active.version}, the version in force: change a rule or the allow-list before proposing it.`;
  const propose = page.getByRole("button", { name: "Propose" });
  await expect(propose).toHaveAttribute("aria-disabled", "true");
  await expect(propose).toHaveAttribute("aria-description", reason);
  // Said as text on the page, not only in the greyed button's tooltip.
  await expect(page.getByText(`Nothing to propose yet. ${reason}`)).toBeVisible();
  await shot(page, "policies-draft-unchanged-1440");

  // Changed and saved, it can be proposed.
  const editor = page.getByRole("form", { name: `Edit draft v${draft}` });
  const domains = editor.getByLabel("Allow-listed sender domains");
  await domains.fill(`${await domains.inputValue()}\npartner.example`);
  await editor.getByRole("button", { name: "Save draft" }).click();
  await expect(
    page
      .getByRole("list", { name: `Changes against v${active.version} (active)` })
      .getByText(/partner\.example/),
  ).toBeVisible();
  await expect(propose).not.toHaveAttribute("aria-disabled");
  await expect(page.getByText("Nothing to propose yet.")).toHaveCount(0);
  await compliance.dispose();
});

test("declining a proposed version asks the second person why: kept with the version, shown, and in the audit log", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const compliance = await signedIn(baseURL, "compliance");
  const admin = await signedIn(baseURL, "admin");
  const created = await compliance.post("/api/policies", {
    data: { document: HOLD_EVERYTHING, note: "e2e: declined with a reason" },
  });
  expect(created.status()).toBe(201);
  const { version } = (await created.json()) as { version: Version };
  expect((await compliance.post(`/api/policies/${version.id}/propose`, { data: {} })).status()).toBe(200);

  // No reason, or only spaces, is refused with the field named; the version stays proposed.
  for (const data of [{}, { reason: "   " }]) {
    const refused = await admin.post(`/api/policies/${version.id}/decline`, { data });
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { code: string; details: { fields: { path: string }[] } };
    expect(body.code).toBe("INVALID_INPUT");
    expect(body.details.fields.map((field) => field.path)).toEqual(["reason"]);
  }

  await signInPage(page, "admin");
  await openPolicies(page);
  await page.getByRole("button", { name: `Open v${version.version}` }).click();
  await expect(page.getByRole("heading", { name: `Version v${version.version}` })).toBeVisible();
  await page.getByRole("button", { name: "Decline", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: `Decline v${version.version}?` });
  const confirm = dialog.getByRole("button", { name: `Decline v${version.version}` });
  await expect(confirm).toBeDisabled();
  const reason =
    "Holding every USD payment would bury the queue; keep the small allow-listed ones automatic.";
  await dialog.getByLabel(/^Reason/).fill(`  ${reason}  `);
  await expect(confirm).toBeEnabled();
  await shot(page, "policies-decline-dialog", { fullPage: false });
  await confirm.click();
  await expect(dialog).toBeHidden();

  // The version's history says who declined it and why, in the list and on the version itself.
  await expect(versionRow(page, version.version).getByText("Declined", { exact: true })).toBeVisible();
  await expect(versionRow(page, version.version)).toContainText(`“${reason}”`);
  await expect(page.getByText(`Declined by ${demoUser("admin").name}`)).toBeVisible();
  await expect(page.getByRole("region", { name: `Version v${version.version}` })).toContainText(reason);
  await shot(page, "policies-declined-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "policies-declined-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  const stored = (await (await admin.get(`/api/policies/${version.id}`)).json()) as { version: Version };
  expect(stored.version).toMatchObject({ status: "declined", declineReason: reason });
  const requestId = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{ request_id: string }>(
          "SELECT request_id FROM audit_events WHERE target_id = $1 AND action = 'policy.version.decline' AND outcome = 'allowed'",
          [`policy-version:${version.version}`],
        )
      ).rows[0]?.request_id ?? "",
  );
  const rows = await auditRowsOf(requestId);
  expect(rows.map((row) => `${row.action} ${row.outcome}`)).toEqual([
    "policy.version.decline attempted",
    "policy.version.decline allowed",
  ]);
  for (const row of rows) expect(row.summary).toMatchObject({ reason, policyVersion: version.version });
  await compliance.dispose();
  await admin.dispose();
});

test("the proposer's open page learns their version was declined, without a reload", async ({
  page,
  baseURL,
}) => {
  const admin = await signedIn(baseURL, "admin");
  const compliance = await signedIn(baseURL, "compliance");
  const created = await compliance.post("/api/policies", {
    data: { document: HOLD_EVERYTHING, note: "e2e: declined while its proposer watches" },
  });
  expect(created.status()).toBe(201);
  const { version } = (await created.json()) as { version: Version };
  expect((await compliance.post(`/api/policies/${version.id}/propose`, { data: {} })).status()).toBe(200);
  await signInPage(page, "compliance");

  // The proposer has the version open, the page's live stream open.
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto(`/policies?version=${version.version}`);
  await waitForHydration(page);
  await streaming;
  await expect(versionRow(page, version.version).getByText("Proposed", { exact: true })).toBeVisible();

  const declined = await admin.post(`/api/policies/${version.id}/decline`, {
    data: { reason: "Holding every payment would bury the queue of the day." },
  });
  expect(declined.status()).toBe(200);
  await expect(versionRow(page, version.version).getByText("Declined", { exact: true })).toBeVisible();
  await expect(page.getByText(`Declined by ${demoUser("admin").name}`)).toBeVisible();
  await Promise.all([admin.dispose(), compliance.dispose()]);
});
