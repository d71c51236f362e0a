import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { axeAudit, expectNoViolations, WCAG_TAGS } from "./support/axe";
import { withConsoleDatabase } from "./support/database";
import { demoUser } from "./support/environment";
import { waitForHydration } from "./support/navigation";
import { HOLD_EVERYTHING } from "./support/policy-documents";
import { shot } from "./support/screens";
import { signInPage, signInRequest, switchUser } from "./support/session";

test.describe.configure({ mode: "serial" });

const signedIn = async (baseURL: string | undefined, role: "compliance" | "admin") => {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(context, role);
  return context;
};

// The versions this spec activates must not stay in force: every later spec's pending payment would be decided by
// them. The version in force before it (none in a fresh run) is put back afterwards.
let activeBefore: string | null = null;
test.beforeAll(async () => {
  activeBefore = await withConsoleDatabase(
    async (client) =>
      (await client.query<{ id: string }>("SELECT id FROM policy_versions WHERE status = 'active'")).rows[0]
        ?.id ?? null,
  );
});
test.afterAll(async () => {
  await withConsoleDatabase(async (client) => {
    await client.query("BEGIN");
    await client.query("UPDATE policy_versions SET status = 'superseded' WHERE status = 'active'");
    if (activeBefore) {
      await client.query("UPDATE policy_versions SET status = 'active' WHERE id = $1", [activeBefore]);
    }
    await client.query("COMMIT");
  });
});

/** A version in force before the journey, so activating the new one supersedes it. */
async function activateAVersion(compliance: APIRequestContext, admin: APIRequestContext): Promise<number> {
  const created = await compliance.post("/api/policies", { data: { document: HOLD_EVERYTHING } });
  expect(created.status()).toBe(201);
  const { version } = (await created.json()) as { version: { id: string; version: number } };
  expect((await compliance.post(`/api/policies/${version.id}/propose`, { data: {} })).status()).toBe(200);
  expect((await admin.post(`/api/policies/${version.id}/activate`, { data: {} })).status()).toBe(200);
  return version.version;
}

async function openPolicies(page: Page) {
  await page.goto("/policies");
  await waitForHydration(page);
  // The first load of a page on a busy machine can take a while (the list is fetched after hydration).
  await expect(page.getByRole("table", { name: "Policy versions" })).toBeVisible({ timeout: 30_000 });
}

const versionRow = (page: Page, version: number) =>
  page
    .getByRole("table", { name: "Policy versions" })
    .getByRole("row")
    .filter({
      has: page.getByRole("cell", { name: `v${version}`, exact: true }),
    });

test("a compliance officer writes and proposes a policy version; an admin sees the diff and activates it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const compliance = await signedIn(baseURL, "compliance");
  const admin = await signedIn(baseURL, "admin");
  const previous = await activateAVersion(compliance, admin);

  // The officer starts a draft from the version in force and adds a rule of their own, in the page's words.
  await signInPage(page, "compliance");
  await openPolicies(page);
  await expect(page.getByRole("heading", { name: `In force: v${previous}` })).toBeVisible();
  // Hydrated (openPolicies waits for it): one press, one draft.
  await page.getByRole("button", { name: "New draft" }).click();
  await expect(page.getByRole("heading", { name: /^Version v\d+$/ })).toBeVisible();
  const heading = await page.getByRole("heading", { name: /^Version v\d+$/ }).textContent();
  const draft = Number(heading?.replace(/\D+/g, ""));
  expect(draft).toBeGreaterThan(previous);

  const editor = page.getByRole("form", { name: `Edit draft v${draft}` });
  await editor.getByRole("button", { name: "Add a rule" }).click();
  const rule = editor.getByRole("group", { name: "Rule 2", exact: true });
  await rule.getByLabel("Rule name").fill("Small allow-listed USD");
  const amount = rule.getByRole("group", { name: "Condition 1" });
  await amount.getByLabel("Comparison").selectOption("lte");
  await amount.getByLabel("Amount").fill("1000.00");
  await rule.getByRole("button", { name: "Add a condition to rule 2" }).click();
  await rule
    .getByRole("group", { name: "Condition 2" })
    .getByLabel("Condition kind")
    .selectOption("senderAllowListed");
  await rule.getByLabel("Outcome").selectOption("approve");
  // Put it first: the first rule that matches decides.
  await rule.getByRole("button", { name: "Move rule 2 up" }).click();
  await editor.getByLabel("Allow-listed sender domains").fill("partner.example");
  await shot(page, "policies-draft-editor-1440");
  // The editor is the page's densest part: every control labelled, as axe-core judges it (the a11y spec sees the
  // page before any version exists).
  await expectNoViolations(axeAudit(page).withTags(WCAG_TAGS), "the policy editor");

  // Proposing waits for the saved version.
  const propose = page.getByRole("button", { name: "Propose" });
  await expect(propose).toHaveAttribute("aria-disabled", "true");
  await editor.getByRole("button", { name: "Save draft" }).click();
  const changes = page.getByRole("list", { name: `Changes against v${previous} (active)` });
  await expect(
    changes.getByText(
      "Added rule 1 “Small allow-listed USD”: Amount received ≤ USD 1,000.00 and sender on the allow-list → Approve",
    ),
  ).toBeVisible();
  await expect(changes.getByText("Moved rule “Hold everything” from 1 to 2")).toHaveCount(0);
  await expect(changes.getByText("Allow-listed: partner.example")).toBeVisible();
  await expect(propose).not.toHaveAttribute("aria-disabled");
  await propose.click();
  await expect(versionRow(page, draft).getByText("Proposed")).toBeVisible();

  // The proposer cannot activate their own proposal: the button says why, and the server refuses it too.
  const activate = page.getByRole("button", { name: "Activate", exact: true });
  await expect(activate).toHaveAttribute("aria-disabled", "true");
  await expect(activate).toHaveAttribute(
    "aria-description",
    `You proposed v${draft}; another compliance officer or admin must activate it.`,
  );
  // Said on the page too, not only when the pointer rests on the greyed button.
  await expect(
    page.getByText(
      `Waiting for a second person. You proposed v${draft}; another compliance officer or admin must activate it.`,
    ),
  ).toBeVisible();
  const versionId = await withConsoleDatabase(
    async (client) =>
      (await client.query<{ id: string }>("SELECT id FROM policy_versions WHERE version = $1", [draft]))
        .rows[0]?.id,
  );
  const refused = await compliance.post(`/api/policies/${versionId}/activate`, { data: {} });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe("SECOND_PERSON_REQUIRED");
  await shot(page, "policies-proposed-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "policies-proposed-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // An admin learns of it on the overview and follows its link to the version itself, open on the policies page.
  await switchUser(page, "admin");
  const waiting = page.getByRole("region", { name: /^Waiting for you as the second person/ });
  await waiting.getByRole("link", { name: `Review: Approval policy v${draft}` }).click();
  await expect(page).toHaveURL(new RegExp(`/policies\\?version=${draft}$`));
  await expect(page.getByRole("heading", { name: `Version v${draft}` })).toBeInViewport();
  // The version has an address of its own: reloaded, it is still the one open; Back closes it.
  await page.reload();
  await expect(page.getByRole("heading", { name: `Version v${draft}` })).toBeVisible();
  await page.getByRole("button", { name: `Open v${previous}` }).click();
  await expect(page.getByRole("heading", { name: `Version v${previous}` })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/policies\\?version=${draft}$`));
  // An address naming no version says so.
  await page.goto("/policies?version=999");
  const noSuchVersion = page.getByRole("status").filter({ hasText: "There is no version v999." });
  await expect(noSuchVersion).toBeVisible();
  // Said at the top, where someone who followed a link looks, not under the lists.
  const said = await noSuchVersion.boundingBox();
  const inForce = await page.getByRole("heading", { name: /^In force/ }).boundingBox();
  expect(said && inForce && said.y < inForce.y).toBe(true);
  await shot(page, "policies-no-such-version");
  await openPolicies(page);
  await page.getByRole("button", { name: `Open v${draft}` }).click();
  await expect(page.getByRole("heading", { name: `Version v${draft}` })).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: `Changes against v${previous} (active)` })
      .getByText(/Added rule 1 “Small allow-listed USD”/),
  ).toBeVisible();
  await page.getByRole("button", { name: "Activate", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: `Activate v${draft}?` });
  await expect(dialog.getByRole("heading", { name: "Backtest: the last 30 days" })).toBeVisible();
  // Beside the version in force (which holds everything): what each would approve, hold and reject.
  await expect(dialog.getByText(/^Replayed \d+ incoming payments? received between /)).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    dialog.getByRole("table", { name: `Outcomes: v${previous} (in force) and v${draft}` }).getByRole("row", {
      name: /^Approved automatically 0 \d+/,
    }),
  ).toBeVisible();
  await shot(page, "policies-activate-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: `Activate v${draft}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: `In force: v${draft}` })).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: `Rules in force (v${draft})` })
      .getByRole("listitem")
      .first(),
  ).toContainText("Amount received ≤ USD 1,000.00 and sender on the allow-list");
  await expect(versionRow(page, draft).getByText("Active")).toBeVisible();
  await expect(versionRow(page, previous).getByText("Superseded")).toBeVisible();
  await shot(page, "policies-activated-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "policies-activated-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The audit log holds the proposal and the activation, the second naming the first.
  const rows = await withConsoleDatabase(
    async (client) =>
      (
        await client.query<{
          action: string;
          actor_email: string;
          request_id: string;
          summary: Record<string, unknown>;
        }>(
          "SELECT action, actor_email, request_id, summary FROM audit_events WHERE target_id = $1 AND outcome = 'allowed' AND action IN ('policy.version.propose', 'policy.version.activate') ORDER BY id",
          [`policy-version:${draft}`],
        )
      ).rows,
  );
  expect(rows.map((row) => [row.action, row.actor_email])).toEqual([
    ["policy.version.propose", demoUser("compliance").email],
    ["policy.version.activate", demoUser("admin").email],
  ]);
  const [proposal, activation] = rows;
  expect(activation?.summary).toMatchObject({
    policyVersion: draft,
    proposedBy: demoUser("compliance").email,
    proposalRequestId: proposal?.request_id,
    superseded: previous,
  });
  await page.goto(`/audit?target=${encodeURIComponent(`policy-version:${draft}`)}`);
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(
    log.getByRole("row").filter({ hasText: "policy.version.activate" }).filter({ hasText: "Allowed" }),
  ).toContainText(`proposalRequestId${proposal?.request_id}`);
  await expect(
    log.getByRole("row").filter({ hasText: "policy.version.propose" }).filter({ hasText: "Allowed" }),
  ).toContainText(`request ${proposal?.request_id}`);

  await compliance.dispose();
  await admin.dispose();
});

test("only a draft's author edits it: another officer reads it, told why, and the server refuses their save", async ({
  page,
  baseURL,
}) => {
  const compliance = await signedIn(baseURL, "compliance");
  const admin = await signedIn(baseURL, "admin");
  const document = HOLD_EVERYTHING;
  const created = await compliance.post("/api/policies", { data: { document, note: "e2e: author only" } });
  expect(created.status()).toBe(201);
  const { version } = (await created.json()) as { version: { id: string; version: number } };

  // Another officer (here an admin) who rewrote it would be its hidden author, free to activate what they wrote
  // once the named author proposed it: the server refuses the save, and the log says who tried.
  const rewritten = { ...document, rules: [{ ...document.rules[0], name: "Rewritten" }] };
  const refused = await admin.put(`/api/policies/${version.id}`, { data: { document: rewritten } });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe("DRAFT_AUTHOR_ONLY");
  const outcomes = await withConsoleDatabase(async (client) =>
    (
      await client.query<{ outcome: string }>(
        "SELECT outcome FROM audit_events WHERE target_id = $1 AND action = 'policy.version.update' AND actor_email = $2 ORDER BY id",
        [`policy-version:${version.version}`, demoUser("admin").email],
      )
    ).rows.map((row) => row.outcome),
  );
  expect(outcomes).toEqual(["attempted", "refused"]);
  expect(
    (
      (await (await admin.get(`/api/policies/${version.id}`)).json()) as {
        version: { document: typeof document };
      }
    ).version.document.rules[0]?.name,
  ).toBe("Hold everything");

  // The page mirrors it: the rules to read, who wrote them, and no editor.
  await signInPage(page, "admin");
  await openPolicies(page);
  await page.getByRole("button", { name: `Open v${version.version}` }).click();
  await expect(page.getByRole("heading", { name: `Version v${version.version}` })).toBeVisible();
  await expect(
    page.getByText(`Only its author, ${demoUser("compliance").name}, edits this draft`),
  ).toBeVisible();
  await expect(page.getByRole("form", { name: `Edit draft v${version.version}` })).toHaveCount(0);
  await expect(page.getByRole("list", { name: `Rules of v${version.version}` })).toContainText(
    "Hold everything",
  );
  await shot(page, "policies-draft-of-another");
  // Its author still edits it.
  const saved = await compliance.put(`/api/policies/${version.id}`, { data: { document: rewritten } });
  expect(saved.status()).toBe(200);
  await compliance.dispose();
  await admin.dispose();
});

test("the policy routes refuse bad input with field paths, and writing to other roles", async ({
  baseURL,
}) => {
  const compliance = await signedIn(baseURL, "compliance");
  const viewer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(viewer, "viewer");
  const bad = await compliance.post("/api/policies", {
    data: {
      document: {
        rules: [{ id: "Not An Id", name: "x", when: [], then: { decision: "approve" } }],
        allowListedDomains: [],
      },
    },
  });
  expect(bad.status()).toBe(400);
  const body = (await bad.json()) as { code: string; details: { fields: { path: string }[] } };
  expect(body.code).toBe("INVALID_INPUT");
  expect(body.details.fields.map((field) => field.path)).toEqual(
    expect.arrayContaining(["document.rules.0.id", "document.rules.0.when"]),
  );
  expect((await compliance.get("/api/policies/not-a-version")).status()).toBe(404);
  expect((await viewer.get("/api/policies")).status()).toBe(200);
  const refused = await viewer.post("/api/policies", {
    data: { document: { rules: [], allowListedDomains: [] } },
  });
  expect(refused.status()).toBe(403);
  await compliance.dispose();
  await viewer.dispose();
});
