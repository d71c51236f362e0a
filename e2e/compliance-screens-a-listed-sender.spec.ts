import { expect, test } from "@playwright/test";
import { SECOND_LISTED_SANDBOX_SENDER } from "../shared/contract/sandbox-senders";
import { searchQueue } from "./support/approval-queue";
import { withConsoleDatabase } from "./support/database";
import { secondDemoUser } from "./support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "./support/fixtures";
import { openFromMainNavigation, waitForHydration } from "./support/navigation";
import { shot } from "./support/screens";
import { signInPage, signInWith, switchUser } from "./support/session";
import { newSignedInMember } from "./support/team";

test.describe.configure({ mode: "serial" });

const LISTED = "$listed.usd@sandbox.uma.money";
const UN = /UN Security Council consolidated list 2026-02-27/;

// The second listed sender: once two officers confirm a person as listed, one officer can no longer dismiss that
// person's matches (CONFIRMED_BEFORE), and the tests below dismiss the first listed sender's.
test("a match confirmed by two compliance officers rejects the payment; the officer who proposed it cannot confirm it alone", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Rosa Confirm-Test");
  const payment = await receiveSandboxPayment(customer.id, 3_100, "EUR", SECOND_LISTED_SANDBOX_SENDER);
  const path = `/transactions/${encodeURIComponent(payment.id)}`;

  await signInPage(page, "compliance");
  await page.goto(path);
  const un = page
    .getByRole("region", { name: "Screening" })
    .getByRole("region", { name: "HAFIZ MUHAMMAD SAEED" });
  await un.getByRole("button", { name: "Confirm as a match…" }).click();
  const propose = page.getByRole("dialog", { name: "Propose confirming the match?" });
  await expect(propose).toContainText(
    "A second compliance officer must confirm it; then the payment is rejected",
  );
  await propose.getByLabel(/Reason/).fill("Same person: date and place of birth match the UN entry.");
  await propose.getByRole("button", { name: "Propose the confirmation" }).click();
  await expect(propose).toBeHidden();
  await expect(un).toContainText("1 of 2: Carla Compliance proposed confirming it");
  const confirmAgain = un.getByRole("button", { name: "Confirm the match…" });
  await expect(confirmAgain).toHaveAttribute("aria-disabled", "true");
  await expect(confirmAgain).toHaveAttribute(
    "aria-description",
    "You proposed confirming this match; a second compliance officer must confirm it.",
  );
  expect(await transactionStatus(payment.id)).toBe("PENDING");
  await shot(page, "screening-confirmation-proposed");

  // The second officer confirms it, and the payment is rejected with the reason. Their overview says it waits for
  // them, and leads to where it is decided.
  const second = await (await browser.newContext()).newPage();
  const cole = secondDemoUser("compliance");
  await signInWith(second, cole.email, cole.password);
  await second.goto("/");
  const waiting = second.getByRole("region", { name: /Waiting for you as the second person/ });
  const review = waiting.getByRole("link", {
    name: /^Review: Watchlist match to confirm: the sender Hafiz Muhammad Saeed, UN Security Council consolidated list entry /,
  });
  await expect(review).toHaveCount(1);
  await expect(waiting).toContainText("proposed by Carla Compliance");
  await shot(second, "screening-confirmation-waiting-on-overview");
  // The officer who proposed it is not asked to confirm their own proposal.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Review: Watchlist match to confirm/ })).toHaveCount(0);
  await review.click();
  await second.waitForURL((url) => url.pathname === path && url.hash === "#screening");
  const theirs = second
    .getByRole("region", { name: "Screening" })
    .getByRole("region", { name: "HAFIZ MUHAMMAD SAEED" });
  // They may confirm it, not overrule the first officer alone by dismissing it: the page says so.
  const dismiss = theirs.getByRole("button", { name: "Dismiss as false positive…" });
  await expect(dismiss).toHaveAttribute("aria-disabled", "true");
  await expect(dismiss).toHaveAttribute(
    "aria-description",
    "Carla Compliance proposed confirming this match; only they can dismiss it now.",
  );
  await shot(second, "screening-confirmation-second-officer");
  await theirs.getByRole("button", { name: "Confirm the match…" }).click();
  const confirm = second.getByRole("dialog", { name: "Confirm the match as the second officer?" });
  await confirm.getByLabel(/Reason/).fill("Agreed: the passport copy matches the listed person.");
  // The confirmation rejects the payment, which leaves the queue: its entry is not asked for again (a 404).
  const missing: string[] = [];
  second.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await confirm.getByRole("button", { name: "Confirm the match" }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => transactionStatus(payment.id), { timeout: 20_000 }).toBe("REJECTED");
  // Both officers' reasons are on the page, and the entry reads as confirmed.
  await expect(theirs).toContainText(
    "Confirmed match: proposed by Carla Compliance (“Same person: date and place of birth match the UN entry.”), confirmed by Cole Compliance (“Agreed: the passport copy matches the listed person.”).",
  );
  await expect(theirs.getByText("Confirmed match", { exact: true })).toBeVisible();
  await expect(theirs.getByText("Potential match", { exact: true })).toHaveCount(0);
  // The same person's entry on the other list is not decided any more: the screening is closed.
  const ofac = second
    .getByRole("region", { name: "Screening" })
    .getByRole("region", { name: "SAEED, Muhammad" });
  await expect(ofac).toContainText("Not decided: two officers confirmed another entry as this sender");
  await expect(ofac.getByRole("button", { name: /Dismiss|Confirm/ })).toHaveCount(0);
  await expect(ofac.getByText("Not decided", { exact: true })).toBeVisible();
  await expect(
    second.getByRole("listitem").filter({ hasText: "Match confirmed by Cole Compliance (2 of 2)" }),
  ).toContainText("Reason: Agreed: the passport copy matches the listed person.");
  // The rejection is said once, by name, with the reason the console sent: the list and the entry's id (not the
  // listed name), then the proposing officer's reason.
  const rejection = second.getByRole("listitem").filter({ hasText: "Rejected by Cole Compliance" });
  await expect(rejection).toContainText(
    /Reason: Confirmed watchlist match: UN Security Council consolidated list entry \S+\. Same person: date and place of birth match the UN entry\./,
  );
  await expect(rejection).not.toContainText("Decided in this console");
  await expect(rejection).not.toContainText("HAFIZ");
  expect(missing).toEqual([]);
  await shot(second, "screening-confirmed");
  await second.context().close();

  // A viewer sees the sender masked, and so reads nothing people wrote about the sender: not on the page, not in
  // any answer the browser gets (the payment, the list, its timeline, the inbox).
  const viewer = await (await browser.newContext()).newPage();
  await signInPage(viewer, "viewer");
  await viewer.goto(path);
  await expect(viewer.getByRole("region", { name: "Counterparty" })).toContainText("H••• M••• S•••");
  const withheld = "Reason withheld: it is about the sender, whose details your role sees masked.";
  const rejectedPanel = viewer.getByRole("region", { name: "This payment was rejected" });
  await expect(rejectedPanel).toContainText(withheld);
  const viewersRejection = viewer
    .getByRole("region", { name: "Status timeline" })
    .getByRole("listitem")
    .filter({ hasText: "Rejected by Cole Compliance" });
  await expect(viewersRejection).toContainText(withheld);
  await expect(viewersRejection).not.toContainText("Decided in this console");
  const written = [/SAEED/i, /passport/, /Confirmed watchlist match/, /Same person/];
  for (const text of written) await expect(viewer.locator("main")).not.toContainText(text);
  for (const read of [
    `/api/payments${path}`,
    "/api/payments/transactions?limit=50",
    `/api${path}/events`,
    `/api/inbox?limit=50&transactionId=${encodeURIComponent(payment.id)}`,
  ]) {
    const answer = await viewer.request.get(read);
    expect(answer.status(), read).toBe(200);
    const text = await answer.text();
    for (const pattern of written) expect(text, read).not.toMatch(pattern);
  }
  await shot(viewer, "screening-confirmed-viewer");
  await viewer.context().close();

  // The same person's next payment: the entry two officers confirmed says so, and one officer cannot dismiss it.
  const next = await receiveSandboxPayment(customer.id, 1_200, "EUR", SECOND_LISTED_SANDBOX_SENDER);
  await page.goto(`/transactions/${encodeURIComponent(next.id)}`);
  const again = page
    .getByRole("region", { name: "Screening" })
    .getByRole("region", { name: "HAFIZ MUHAMMAD SAEED" });
  await expect(again).toContainText(
    "Confirmed before as this sender: proposed by Carla Compliance (“Same person: date and place of birth match the UN entry.”) and confirmed by Cole Compliance",
  );
  await expect(again).toContainText("Confirmed before");
  await expect(again).not.toContainText("Potential match");
  // Its one line (as on the approval card) says so too, not "potential match".
  await expect(page.getByRole("region", { name: "Screening" })).toContainText(
    /Confirmed match before: UN Security Council consolidated list entry \S+, by two officers/,
  );
  const dismissNext = again.getByRole("button", { name: "Dismiss as false positive…" });
  await expect(dismissNext).toHaveAttribute("aria-disabled", "true");
  await expect(dismissNext).toHaveAttribute(
    "aria-description",
    "Carla Compliance and Cole Compliance confirmed this entry before; one officer does not dismiss it alone.",
  );
  await shot(page, "screening-confirmed-before");
});

test("an ad-hoc search explains its scores in a person's words, and a nationality given by name reads and judges alike on every list", async ({
  page,
}) => {
  await signInPage(page, "compliance");
  await page.goto("/screening");
  // The officer works the alerts and searches; the page says, not only a greyed-out button's tooltip, that the
  // lists are an admin's.
  await expect(page.getByRole("note")).toHaveText(
    "Some of this page is view-only for you.Lists and list sources: Only admins load and refresh the watchlists.",
  );
  await expect(page.getByRole("button", { name: /^Upload a list/ })).toHaveAttribute("aria-disabled", "true");
  // Typed before the page is hydrated, the name is lost as the form takes the field over.
  await waitForHydration(page);
  await page.getByLabel(/^Name/).fill("Tharwat Shihata");
  await page.getByLabel("Date of birth").fill("1960-06-29");
  await page.getByLabel("Nationality").fill("Egypt");
  await page.getByRole("button", { name: "Search the lists" }).click();
  const results = page.getByRole("region", { name: /potential match/ });
  // What was found, never "entries compared": the search returns only the entries that resemble the name.
  await expect(results.getByRole("heading", { level: 3 })).toHaveText(
    /^\d+ potential match(es)? for Tharwat Shihata(; \d+( or more)? other entr(y resembles|ies resemble) it below the 80% alert threshold)?$/,
  );
  // The UN gives his nationality; OFAC's SDN entry only his place of birth, Egypt.
  const un = results.getByRole("region", { name: "THARWAT SALAH SHIHATA" });
  const ofac = results.getByRole("region", { name: "SHIHATA, Thirwat Salah" });
  for (const card of [un, ofac]) {
    const nationality = card.getByRole("row", { name: /^Nationality/ });
    await expect(nationality).toContainText(/^NationalityEG.*match$/);
    await expect(card).toContainText(/Score: name similarity \+\d\.\d\d · date of birth match \+0\.08/);
    await expect(card).not.toContainText("dateOfBirth");
  }
  await expect(ofac.getByRole("row", { name: /^Nationality/ })).toContainText("place of birth or address");
  await shot(page, "screening-search-explained");

  // A nationality the lists cannot place is said under its field, not compared as nothing.
  await page.getByLabel("Nationality").fill("Narnia");
  await page.getByRole("button", { name: "Search the lists" }).click();
  await expect(page.getByLabel("Nationality")).toHaveAccessibleDescription(/Not a country the lists name/);
  // A field's error does not lift it above the row: the inputs stay level.
  await page.getByLabel("Date of birth").fill("16/02/1963");
  await page.getByRole("button", { name: "Search the lists" }).click();
  await expect(page.getByText("A date of birth as YYYY, YYYY-MM or YYYY-MM-DD.")).toBeVisible();
  const top = async (label: string | RegExp) => (await page.getByLabel(label).boundingBox())?.y;
  expect(await top("Date of birth")).toBe(await top(/^Name/));
  expect(await top("Nationality")).toBe(await top(/^Name/));
});

test("a date of birth revealed on the Counterparty card is compared on the screening too, under the same reason", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Rosa Reveal-Once");
  const payment = await receiveSandboxPayment(customer.id, 2_700, "USD", LISTED);
  await signInPage(page, "compliance");
  await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
  await waitForHydration(page);
  const screening = page.getByRole("region", { name: "Screening" });
  const dob = screening
    .getByRole("region", { name: "THARWAT SALAH SHIHATA" })
    .getByRole("row", { name: /Date of birth/ });
  await expect(dob).toContainText("hidden: reveal to compare");

  const counterparty = page.getByRole("region", { name: "Counterparty" });
  await counterparty.getByRole("button", { name: "Reveal Date of birth" }).click();
  const dialog = page.getByRole("alertdialog", { name: /Reveal the sender's date of birth/ });
  await dialog.getByLabel(/Why you need it/).fill("Rule the watchlist match in or out");
  await dialog.getByRole("button", { name: "Reveal" }).click();
  await expect(counterparty).toContainText("1960-06-29");
  await expect(dob).toContainText(/1960-06-29\s*1960-06-29\s*match/);
  // The line of what was screened reads the date too, no longer masked.
  await expect(screening.getByText(/^Screened .*, born 1960-06-29/)).toBeVisible();
  const reasons = await withConsoleDatabase(async (client) => {
    const result = await client.query<{ action: string; justification: string }>(
      `select action, summary->>'justification' as justification from audit_events
        where outcome = 'allowed' and action in ('privacy.reveal', 'screening.reveal')
          and (target_id = $1 or summary->>'subjectId' = $1) order by id`,
      [payment.id],
    );
    return result.rows.map((row) => [row.action, row.justification]);
  });
  expect(reasons).toEqual([
    ["privacy.reveal", "Rule the watchlist match in or out"],
    ["screening.reveal", "Rule the watchlist match in or out"],
  ]);
});

// Before the dismissal below, which the next payment from the same sender would inherit.
test("a payment the console has not screened yet (its webhook late) is screened when a person approves it, and refused", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Rosa Late-Webhook");
  const payment = await receiveSandboxPayment(customer.id, 2_900, "USD", LISTED);
  // The console has no screening of it, as when its webhook has not arrived: the one its webhook made is removed.
  const screenings = (query: string) =>
    withConsoleDatabase(async (client) => (await client.query(query, [payment.id])).rowCount ?? 0);
  await expect
    .poll(() => screenings("SELECT 1 FROM screening_results WHERE subject_id = $1"), { timeout: 15_000 })
    .toBe(1);
  await screenings("DELETE FROM screening_results WHERE subject_id = $1");

  await signInPage(page, "compliance");
  const origin = new URL(page.url()).origin;
  const approved = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/approve`,
    { data: { receiverCustomerInfo: { FULL_NAME: customer.fullName } }, headers: { origin } },
  );
  expect(approved.status(), await approved.text()).toBe(409);
  expect(((await approved.json()) as { code: string }).code).toBe("SCREENING_MATCH_OPEN");
  expect(await transactionStatus(payment.id)).toBe("PENDING");
  expect(await screenings("SELECT 1 FROM screening_results WHERE subject_id = $1")).toBe(1);

  const rejected = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    { data: { reason: "Listed sender" }, headers: { origin } },
  );
  expect(rejected.status()).toBe(200);

  // A payment no longer pending is not screened for an approval: the API refuses it with its own answer.
  await screenings("DELETE FROM screening_results WHERE subject_id = $1");
  const again = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/approve`,
    { data: { receiverCustomerInfo: { FULL_NAME: customer.fullName } }, headers: { origin } },
  );
  expect(again.status()).toBeGreaterThanOrEqual(400);
  expect(again.status()).toBeLessThan(500);
  expect(((await again.json()) as { code: string }).code).not.toBe("SCREENING_MATCH_OPEN");
  expect(await screenings("SELECT 1 FROM screening_results WHERE subject_id = $1")).toBe(0);
});

test("a payment rejected before the console screened it (its webhook late) is screened once rejected: a listed sender is an alert", async ({
  page,
}) => {
  const customer = await createIndividualCustomer("Rosa Late-Reject");
  const payment = await receiveSandboxPayment(customer.id, 2_700, "USD", LISTED);
  const statuses = () =>
    withConsoleDatabase(async (client) =>
      (
        await client.query<{ status: string }>("SELECT status FROM screening_results WHERE subject_id = $1", [
          payment.id,
        ])
      ).rows.map((row) => row.status),
    );
  // The console has no screening of it, as when its webhook has not arrived: the one its webhook made is removed.
  await expect.poll(statuses, { timeout: 15_000 }).toEqual(["open"]);
  await withConsoleDatabase((client) =>
    client.query("DELETE FROM screening_results WHERE subject_id = $1", [payment.id]),
  );

  await signInPage(page, "compliance");
  const origin = new URL(page.url()).origin;
  const rejected = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    { data: { reason: "Rejected before its webhook came" }, headers: { origin } },
  );
  expect(rejected.status(), await rejected.text()).toBe(200);
  // Screened from the API's record once the rejection was accepted: the listed sender is an open alert.
  expect(await statuses()).toEqual(["open"]);
  const alerts = await page.request.get(`/api/screening/results?payment=${encodeURIComponent(payment.id)}`);
  expect(((await alerts.json()) as { data: { status: string }[] }).data.map((row) => row.status)).toEqual([
    "open",
  ]);
});

test("a match proposed by an officer who has since been disabled binds nobody: the page says so, and anyone may dismiss it", async ({
  page,
  baseURL,
}) => {
  const customer = await createIndividualCustomer("Rosa Left-Officer");
  const payment = await receiveSandboxPayment(customer.id, 3_300, "USD", LISTED);
  const {
    user,
    member: leaving,
    admin,
    dispose,
  } = await newSignedInMember(baseURL, {
    prefix: "leaving-screener",
    name: "Lena Leaving",
    role: "compliance",
  });
  try {
    await expect
      .poll(
        async () =>
          (
            (await (
              await leaving.get(`/api/screening/results?payment=${encodeURIComponent(payment.id)}`)
            ).json()) as { data: unknown[] }
          ).data.length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const {
      data: [screening],
    } = (await (
      await leaving.get(`/api/screening/results?payment=${encodeURIComponent(payment.id)}`)
    ).json()) as {
      data: {
        id: string;
        hits: { alert: boolean; listId: string; entryId: string; primaryName: string }[];
      }[];
    };
    const hit = screening?.hits.find((candidate) => candidate.alert && candidate.listId === "un");
    if (!screening || !hit) throw new Error("no UN match");
    const proposed = await leaving.post(`/api/screening/results/${screening.id}/confirm`, {
      data: { listId: hit.listId, entryId: hit.entryId, reason: "Same person, I am sure of it." },
    });
    expect(proposed.status(), await proposed.text()).toBe(200);
    const disabled = await admin.patch(`/api/team/${user.id}`, { data: { disabled: true } });
    expect(disabled.status()).toBe(200);

    await signInPage(page, "compliance");
    await page.goto(`/transactions/${encodeURIComponent(payment.id)}`);
    const region = page
      .getByRole("region", { name: "Screening" })
      .getByRole("region", { name: hit.primaryName });
    await expect(region).toContainText("Lena Leaving proposed confirming it");
    await expect(region).toContainText("the proposal no longer counts");
    await expect(region.getByRole("button", { name: "Dismiss as false positive…" })).not.toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(region.getByRole("button", { name: "Confirm as a match…" })).toBeVisible();
    await shot(page, "screening-proposer-left");
  } finally {
    await dispose();
  }
  const rejected = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`,
    {
      data: { reason: "Listed sender" },
      headers: { origin: new URL(page.url()).origin },
    },
  );
  expect(rejected.status()).toBe(200);
});

test("a payment from a listed person is held with the match explained, dismissed with a reason and approved by another officer; the next is not alerted again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createIndividualCustomer("Rosa Screening-Test");
  const first = await receiveSandboxPayment(customer.id, 4_800, "USD", LISTED);

  await signInPage(page, "compliance");
  await openFromMainNavigation(page, "Approvals");
  await searchQueue(page, first.id);
  const card = page.getByRole("article").filter({ hasText: first.id });
  await expect(card).toContainText(/potential match(es)? against/i);
  await expect(card).toContainText(UN);
  await shot(page, "screening-approval-card");
  await card.getByRole("link", { name: "Review the screening" }).click();

  // The person is on the UN list and on OFAC's SDN list: one explained match for each entry.
  const screening = page.getByRole("region", { name: "Screening" });
  const un = screening.getByRole("region", { name: "THARWAT SALAH SHIHATA" });
  await expect(un).toContainText("Potential match");
  await expect(un).toContainText("UN Security Council consolidated list");
  const dob = un.getByRole("row", { name: /Date of birth/ });
  // The list's date is published and shown; the sender's is masked for compliance, and so is how the two compared:
  // "match" beside the list's date would tell the sender's. Revealing the sender's date (with a reason) shows it.
  await expect(dob).toContainText("1960-06-29");
  await expect(dob).toContainText("hidden: reveal to compare");
  await expect(dob).not.toContainText(/\bmatch\b/);
  await expect(un.getByRole("row", { name: /^Name/ })).toContainText("match");
  await expect(un).toContainText("without date of birth (hidden)");
  await shot(page, "screening-payment-hit");

  // Dismissing while the date is hidden is warned of: the list gives a date that was not compared.
  await screening.getByRole("button", { name: "Dismiss as false positive…" }).first().click();
  const uncompared = page.getByRole("dialog", { name: "Dismiss as a false positive?" });
  await expect(uncompared.getByText(/Not compared: the date of birth the list gives/)).toBeVisible();
  await uncompared.getByRole("button", { name: "Cancel" }).click();
  await expect(uncompared).toBeHidden();

  // Revealed with a reason (audited), the sender's date is compared beside every entry's, and counted in the score.
  await expect(
    screening.getByText("The sender's date of birth is hidden from your role, so it was not compared"),
  ).toBeVisible();
  await screening.getByRole("button", { name: "Reveal date of birth to compare" }).click();
  const reveal = page.getByRole("alertdialog", { name: "Reveal the sender's date of birth?" });
  await reveal.getByLabel(/Why you need it/).fill("Compare with the listed entries before deciding");
  await reveal.getByRole("button", { name: "Reveal" }).click();
  await expect(reveal).toBeHidden();
  await expect(dob).toContainText(/1960-06-29\s*1960-06-29\s*match/);
  await expect(un).not.toContainText("without date of birth");
  await expect(
    screening.getByText(/date of birth is shown and compared below: revealed by you, audited/),
  ).toBeVisible();
  await expect(screening.getByRole("button", { name: "Reveal date of birth to compare" })).toHaveCount(0);
  const revealAudit = await withConsoleDatabase(async (client) => {
    const result = await client.query<{ outcome: string; summary: Record<string, unknown> }>(
      "select outcome, summary from audit_events where action = 'screening.reveal' and summary->>'subjectId' = $1 order by id",
      [first.id],
    );
    return result.rows;
  });
  expect(revealAudit.map((row) => row.outcome)).toEqual(["attempted", "allowed"]);
  expect(revealAudit[1]?.summary).toMatchObject({
    field: "BIRTH_DATE",
    justification: "Compare with the listed entries before deciding",
  });
  // Revealed once for the page: the Counterparty card shows the same date.
  const counterparty = page.getByRole("region", { name: "Counterparty" });
  await expect(counterparty).toContainText("1960-06-29");
  await expect(counterparty).toContainText("revealed · audited");
  await shot(page, "screening-payment-hit-revealed");

  // While a match is open nobody approves the payment: the button says why, and the server refuses it too.
  const approveButton = page
    .getByRole("region", { name: "Waiting for a decision" })
    .getByRole("button", { name: "Approve" });
  await expect(approveButton).toHaveAttribute("aria-disabled", "true");
  await expect(approveButton).toHaveAttribute(
    "aria-description",
    "The sender is a potential watchlist match: dismiss or confirm it first.",
  );
  // Said on the page too, not only on hover.
  await expect(
    page
      .getByRole("region", { name: "Waiting for a decision" })
      .getByText("The sender is a potential watchlist match: dismiss or confirm it first.", { exact: true }),
  ).toBeVisible();
  const refused = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(first.id)}/approve`,
    {
      data: { receiverCustomerInfo: { FULL_NAME: "Rosa Screening-Test" } },
      headers: { origin: new URL(page.url()).origin },
    },
  );
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe("SCREENING_MATCH_OPEN");
  expect(await transactionStatus(first.id)).toBe("PENDING");

  const reasons = [
    "Different person: passport seen, born 1984 in Valencia, Spanish national.",
    "Same as the UN entry: a different person, passport seen.",
  ];
  for (const reason of reasons) {
    const open = screening.getByRole("button", { name: "Dismiss as false positive…" });
    await open.first().click();
    const dialog = page.getByRole("dialog", { name: "Dismiss as a false positive?" });
    await expect(dialog.getByLabel(/Reason/)).toBeFocused();
    if (reason === reasons[0]) {
      // The rule is said before anything is typed, and nothing is sent until a reason meets it: ten dots or ten
      // zero-width spaces are no reason.
      await expect(dialog.getByLabel(/Reason/)).toHaveAccessibleDescription(
        "At least 10 letters or digits; spaces and punctuation do not count.",
      );
      for (const empty of ["", "..........", "\u200b".repeat(12)]) {
        await dialog.getByLabel(/Reason/).fill(empty);
        await expect(dialog.getByRole("button", { name: "Dismiss the match" })).toBeDisabled();
      }
    }
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole("button", { name: "Dismiss the match" }).click();
    await expect(dialog).toBeHidden();
    // Its button went with the decision: the keyboard is on the screening, not lost on the page's body.
    await expect(page.locator("body")).not.toBeFocused();
  }
  await expect(screening.getByRole("button", { name: "Dismiss as false positive…" })).toHaveCount(0);
  await expect(screening.getByText(/Dismissed by Carla Compliance/)).toHaveCount(2);
  await expect(screening).toContainText("Potential matches dismissed");
  // The timeline tells it in order: screened with a potential match, then each dismissal with its reason.
  const timeline = page.getByRole("region", { name: "Status timeline" }).getByRole("listitem");
  await expect(timeline.filter({ hasText: "Screened: 2 potential matches" })).toHaveCount(1);
  await expect(timeline.filter({ hasText: "Potential match dismissed by Carla Compliance" })).toHaveCount(2);
  await expect(timeline.filter({ hasText: `Reason: ${reasons[1]}` })).toHaveCount(1);

  // Carla cleared the sender, so she does not also release the money: another officer approves (decision 0090).
  const dismissedByYou = "You dismissed the sender's watchlist match: another officer approves this payment.";
  await expect(approveButton).toHaveAttribute("aria-description", dismissedByYou);
  await expect(
    page.getByRole("region", { name: "Waiting for a decision" }).getByText(dismissedByYou, { exact: true }),
  ).toBeVisible();
  await shot(page, "screening-dismissed-by-you");
  const ownApproval = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(first.id)}/approve`,
    {
      data: { receiverCustomerInfo: { FULL_NAME: "Rosa Screening-Test" } },
      headers: { origin: new URL(page.url()).origin },
    },
  );
  expect(ownApproval.status()).toBe(409);
  expect(((await ownApproval.json()) as { code: string }).code).toBe("DISMISSED_BY_YOU");
  expect(await transactionStatus(first.id)).toBe("PENDING");

  // A payment from the same sender meanwhile finds Carla's dismissals remembered, but no one else has stood behind
  // them yet: the policies do not approve on them, and the match says so.
  const meanwhile = await receiveSandboxPayment(customer.id, 1_200, "USD", LISTED);
  await page.goto(`/transactions/${encodeURIComponent(meanwhile.id)}`);
  await expect(page.getByRole("region", { name: "Screening" })).toContainText(
    "Remembered from an earlier screening. Until someone other than Carla Compliance approves a payment from this sender, the approval policies do not approve on it.",
  );
  await shot(page, "screening-remembered-unseconded");
  const cleared = await page.request.post(
    `/api/payments/transactions/${encodeURIComponent(meanwhile.id)}/reject`,
    { data: { reason: "Duplicate of an earlier payment." }, headers: { origin: new URL(page.url()).origin } },
  );
  expect(cleared.status(), await cleared.text()).toBe(200);

  const cole = secondDemoUser("compliance");
  await page.goto("about:blank");
  await page.context().clearCookies();
  await signInWith(page, cole.email, cole.password);
  await page.goto(`/transactions/${encodeURIComponent(first.id)}`);
  await expect(approveButton).not.toHaveAttribute("aria-disabled");
  await approveButton.click();
  const approve = page.getByRole("dialog", { name: "Approve payment" });
  await approve.getByRole("button", { name: "Approve payment" }).click();
  await expect(approve).toBeHidden();
  await expect.poll(() => transactionStatus(first.id), { timeout: 20_000 }).toBe("COMPLETED");
  await switchUser(page, "compliance");

  // The same person again: the dismissal is remembered, so the card says so and asks for no review.
  const second = await receiveSandboxPayment(customer.id, 2_500, "USD", LISTED);
  await openFromMainNavigation(page, "Approvals");
  await searchQueue(page, second.id);
  const next = page.getByRole("article").filter({ hasText: second.id });
  await expect(next).toContainText("Potential matches dismissed");
  await expect(next.getByRole("link", { name: "Review the screening" })).toHaveCount(0);

  // The Screening page: the first alert is gone from the queue, the lists are searchable and their health shown.
  await openFromMainNavigation(page, "Screening");
  await expect(page.getByRole("heading", { name: "Screening", level: 1 })).toBeVisible();
  const alerts = page.getByRole("table", { name: "Open screening alerts" });
  await expect(alerts).toBeVisible();
  await expect(alerts.getByRole("row").filter({ hasText: first.id })).toHaveCount(0);
  await page.getByLabel(/^Name/).fill("Thirwat Salah Shihata");
  await page.getByLabel("Date of birth").fill("1960-06-29");
  await page.getByRole("button", { name: "Search the lists" }).click();
  const results = page.getByRole("region", { name: /potential match/ });
  await expect(results.getByRole("region", { name: "THARWAT SALAH SHIHATA" })).toBeVisible();
  const lists = page.getByRole("table", { name: "Watchlist versions" });
  await expect(
    lists.getByRole("row").filter({ hasText: "UN Security Council consolidated list" }),
  ).toContainText("In use");
  await expect(page.getByRole("button", { name: "Read the lists again" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await shot(page, "screening-page");

  // Lists are the admins'; dismissing is compliance's alone.
  await switchUser(page, "admin");
  await page.goto("/screening");
  await page.getByRole("button", { name: "Read the lists again" }).click();
  await expect(page.getByText("The lists were read again")).toBeVisible();
});
