import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTED_SANDBOX_PERSON } from "../../../shared/contract/sandbox-senders";
import { maskValue } from "../../universal/privacy/fields";
import { writeAudit } from "../audit/log";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents, policyVersions, screeningListVersions, screeningResults, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";
import { currentEnvironment } from "../environments/current";
import { waitingFor } from "../four-eyes/waiting-for-me";
import { decidePendingPayment } from "../policies/decide";
import {
  APPROVE_DOLLARS,
  pendingPaymentWebhook,
  recipientScreenedClear,
  seedActivePolicy,
  unListOnlyDir,
} from "../policies/deciding-test-setup";
import { confirmHit } from "./confirm";
import { dismissHit } from "./dismiss";
import { requireOtherThanDismisser } from "./dismissed-by";
import { listHealth, listsInUse, refreshLists } from "./lists-in-use";
import { rescreenOnListChanges, rescreenProgress, rescreenSettled } from "./rescreen";
import { screeningsOf, screenSubject } from "./screen-subject";
import { searchLists } from "./search";
import { screeningConfirmationsWaitingFor } from "./waiting-confirmations";

// The real UN list only, copied into a folder of the test's own so a later load can be broken on purpose.
const listsDir = unListOnlyDir();

const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };
let db: ConsoleDatabase;
let officer: { id: string; email: string; name: string; role: "compliance" };

const CLEAN = { FULL_NAME: "Alex Sandbox Rivera", BIRTH_DATE: "1990-04-12", NATIONALITY: "US" };

let sequence = 0;
/** A pending incoming payment's webhook from a sender with this information. */
function webhook(counterpartyInformation: Record<string, string>) {
  sequence += 1;
  return pendingPaymentWebhook(`screening-${sequence}`, {
    customerId: "Customer:1",
    sender: "$listed.usd@sandbox.uma.money",
    amount: 48_000,
    counterpartyInformation,
  });
}

beforeAll(async () => {
  ({ db } = await useConsoleTestDatabase("screening_flow", {
    PAYMENT_API_BASE_URL: "http://127.0.0.1:1/2025-10-13",
    SCREENING_LISTS_DIR: listsDir,
    POLICY_TIME_BUDGET_MS: "20000",
  }));
  // An active policy that approves every payment in dollars: only screening can stop it.
  officer = await seedActivePolicy(db, [APPROVE_DOLLARS]);
  await listsInUse();
  await recipientScreenedClear("Customer:1");
}, 120_000);

afterAll(async () => {
  holder.__consoleDatabase = undefined;
  await db.pool.end();
});

const who = () => ({
  actor: officer,
  requestId: `req-${randomBytes(4).toString("hex")}`,
  clientRequestId: null,
});

describe("screening a pending payment before the policies", () => {
  it("holds a listed sender the policy would approve, with the match explained, and approves a clean one", async () => {
    const listed = webhook({ ...LISTED_SANDBOX_PERSON });
    const decision = await decidePendingPayment(listed);
    expect(decision.answer.status).toBe(202);
    expect(decision.record.evaluation.fallback).toBe("screening-potential-match");
    const [screening] = await screeningsOf("payment", listed.transactionId);
    expect(screening?.status).toBe("open");
    const hit = screening?.hits.find((h) => h.alert);
    expect(hit?.listId).toBe("un");
    expect(hit?.fields.find((f) => f.field === "dateOfBirth")?.verdict).toBe("match");
    expect(screening?.listVersions.map((v) => v.issuedOn)).toEqual(["2026-02-27"]);
    // What the decision keeps of the screening names it, with no score: a score holds the share of fields some
    // readers see masked (the screening itself is masked as each reader sees it).
    expect(decision.record.extra?.screening).toEqual({
      id: screening?.id,
      outcome: "potential-match",
      status: "open",
      staleLists: [],
    });

    const clean = webhook(CLEAN);
    const approved = await decidePendingPayment(clean);
    expect(approved.answer.status).toBe(200);
    expect((await screeningsOf("payment", clean.transactionId))[0]?.status).toBe("clear");
  });

  it("lets a policy ask about the screening: a high score holds in its own queue, a clear sender is approved", async () => {
    const [sanctions] = await db
      .insert(policyVersions)
      .values({
        version: 2,
        status: "draft",
        createdBy: officer.id,
        document: {
          rules: [
            {
              id: "sanctions",
              name: "Likely listed",
              when: [{ kind: "screeningScore", op: "gte", value: 90 }],
              // biome-ignore lint/suspicious/noThenProperty: a policy rule's "then", never awaited
              then: { decision: "hold", queue: "Sanctions review", priority: "high" },
            },
            {
              id: "clear-dollars",
              name: "Clear dollars",
              when: [
                { kind: "screeningClear", value: true },
                { kind: "currency", side: "receiving", op: "in", values: ["USD"] },
              ],
              // biome-ignore lint/suspicious/noThenProperty: a policy rule's "then", never awaited
              then: { decision: "approve" },
            },
          ],
          allowListedDomains: [],
        },
      })
      .returning({ id: policyVersions.id });
    const active = () =>
      db.select({ id: policyVersions.id }).from(policyVersions).where(eq(policyVersions.status, "active"));
    const [first] = await active();
    if (!sanctions || !first) throw new Error("no versions");
    await db.update(policyVersions).set({ status: "superseded" }).where(eq(policyVersions.id, first.id));
    await db.update(policyVersions).set({ status: "active" }).where(eq(policyVersions.id, sanctions.id));
    try {
      const listed = await decidePendingPayment(webhook({ ...LISTED_SANDBOX_PERSON }));
      expect(listed.answer.status).toBe(202);
      expect(listed.record.evaluation.rule?.id).toBe("sanctions");
      expect(listed.record.evaluation.outcome).toMatchObject({ queue: "Sanctions review", priority: "high" });
      const clean = await decidePendingPayment(webhook(CLEAN));
      expect(clean.answer.status).toBe(200);
      expect(clean.record.evaluation.rule?.id).toBe("clear-dollars");
    } finally {
      await db
        .update(policyVersions)
        .set({ status: "superseded" })
        .where(eq(policyVersions.id, sanctions.id));
      await db.update(policyVersions).set({ status: "active" }).where(eq(policyVersions.id, first.id));
    }
  });

  it("holds a sender the webhook does not name", async () => {
    const unnamed = webhook({ BIRTH_DATE: "1990-04-12" });
    const decision = await decidePendingPayment(unnamed);
    expect(decision.answer.status).toBe(202);
    expect(decision.record.evaluation.fallback).toBe("screening-failed");
  });

  it("remembers a dismissal for the same person's same data, and re-opens it when the data changes", async () => {
    const first = webhook({ ...LISTED_SANDBOX_PERSON });
    await decidePendingPayment(first);
    const [screening] = await screeningsOf("payment", first.transactionId);
    if (!screening) throw new Error("not screened");
    for (const hit of screening.hits.filter((h) => h.alert)) {
      await dismissHit(who(), officer, screening.id, {
        listId: hit.listId,
        entryId: hit.entryId,
        reason: "Different person: verified passport, born elsewhere.",
      });
    }
    expect((await screeningsOf("payment", first.transactionId))[0]?.status).toBe("dismissed");
    await expect(
      dismissHit(who(), officer, screening.id, {
        listId: screening.hits[0]?.listId ?? "",
        entryId: screening.hits[0]?.entryId ?? "",
        reason: "Again, to see it refused.",
      }),
    ).rejects.toMatchObject({ status: 409 });

    // The next payment from the same data finds the dismissal remembered: no alert, nothing to review. But one
    // officer's dismissal does not let the policies release money alone (decision 0090): it is held for a person.
    const again = webhook({ ...LISTED_SANDBOX_PERSON });
    const decision = await decidePendingPayment(again);
    expect(decision.answer.status).toBe(202);
    expect(decision.record.evaluation.fallback).toBe("screening-potential-match");
    const [remembered] = await screeningsOf("payment", again.transactionId);
    expect(remembered?.status).toBe("dismissed");
    expect(remembered?.hits.find((h) => h.alert)?.dismissed).toMatchObject({ byId: officer.id });
    expect(remembered?.hits.find((h) => h.alert)?.dismissed?.seconded).toBeUndefined();
    // Its officer approving a payment from the same data seconds nothing (the relay refuses it anyway).
    const approval = (actor: { id: string; email: string; role: "compliance" }) =>
      writeAudit({
        actor,
        action: "payment.approve",
        targetId: again.transactionId,
        outcome: "allowed",
        upstreamStatus: 200,
        requestId: `req-${randomBytes(4).toString("hex")}`,
        clientRequestId: null,
      });
    await approval(officer);
    const third = webhook({ ...LISTED_SANDBOX_PERSON });
    expect((await decidePendingPayment(third)).answer.status).toBe(202);
    // Another officer approving one does: the dismissal is seconded, and the policies approve the next.
    const [seconder] = await db
      .insert(users)
      .values({
        email: "seconder@example.com",
        name: "Sid Seconder",
        role: "compliance",
        roleSince: new Date(0),
      })
      .returning({ id: users.id, email: users.email });
    if (!seconder) throw new Error("no seconder");
    // Approving a payment from the same data that screened clear (before a list change brought the entry in) stands
    // behind no dismissal: its approver never saw the match.
    const [rememberedRow] = await db
      .select({ subjectKey: screeningResults.subjectKey })
      .from(screeningResults)
      .where(eq(screeningResults.subjectId, again.transactionId));
    if (!rememberedRow) throw new Error("no screening stored");
    const screenedClear = "Transaction:screened-clear-before-the-list-change";
    await db.insert(screeningResults).values({
      environment: currentEnvironment(),
      subjectType: "payment",
      subjectId: screenedClear,
      subjectKey: rememberedRow.subjectKey,
      subjectName: LISTED_SANDBOX_PERSON.FULL_NAME,
      outcome: "clear",
      status: "clear",
      result: {},
      screenedAt: new Date(Date.now() - 1_000),
    });
    await writeAudit({
      actor: { ...seconder, role: "compliance" },
      action: "payment.approve",
      targetId: screenedClear,
      outcome: "allowed",
      upstreamStatus: 200,
      requestId: `req-${randomBytes(4).toString("hex")}`,
      clientRequestId: null,
    });
    expect((await decidePendingPayment(webhook({ ...LISTED_SANDBOX_PERSON }))).answer.status).toBe(202);
    // A first approval of two (202 to the officer, never sent to the API) releases nothing yet: it seconds nothing
    // until the payment's approval is accepted.
    await writeAudit({
      actor: { ...seconder, role: "compliance" },
      action: "payment.approve",
      targetId: third.transactionId,
      outcome: "allowed",
      upstreamStatus: null,
      requestId: `req-${randomBytes(4).toString("hex")}`,
      clientRequestId: null,
    });
    expect((await decidePendingPayment(webhook({ ...LISTED_SANDBOX_PERSON }))).answer.status).toBe(202);
    await approval({ ...seconder, role: "compliance" });
    const fourth = webhook({ ...LISTED_SANDBOX_PERSON });
    expect((await decidePendingPayment(fourth)).answer.status).toBe(200);
    expect(
      (await screeningsOf("payment", fourth.transactionId))[0]?.hits.find((h) => h.alert)?.dismissed,
    ).toMatchObject({ byId: officer.id, seconded: true });

    const changed = webhook({ ...LISTED_SANDBOX_PERSON, NATIONALITY: "LY" });
    const held = await decidePendingPayment(changed);
    expect(held.record.evaluation.fallback).toBe("screening-potential-match");
  });

  it("leaves the payment to someone other than the officer who dismissed its sender's match (decision 0090)", async () => {
    const [colleague] = await db
      .insert(users)
      .values({
        email: "colleague@example.com",
        name: "Cora Colleague",
        role: "compliance",
        roleSince: new Date(0),
      })
      .returning({ id: users.id });
    if (!colleague) throw new Error("no colleague");
    const payment = webhook({ ...LISTED_SANDBOX_PERSON, NATIONALITY: "CU" });
    await decidePendingPayment(payment);
    const [screening] = await screeningsOf("payment", payment.transactionId);
    if (!screening) throw new Error("not screened");
    const refusal = "You dismissed it; another officer approves.";
    // Open, nobody has dismissed anything: the rule has nothing to say (the open match refuses it elsewhere).
    await expect(requireOtherThanDismisser(officer.id, screening, refusal)).resolves.toBeUndefined();
    for (const hit of screening.hits.filter((h) => h.alert)) {
      await dismissHit(who(), officer, screening.id, {
        listId: hit.listId,
        entryId: hit.entryId,
        reason: "Different person: Cuban passport seen, born 1991.",
      });
    }
    const [dismissed] = await screeningsOf("payment", payment.transactionId);
    if (!dismissed) throw new Error("not screened");
    expect(dismissed.status).toBe("dismissed");
    expect(dismissed.hits.filter((h) => h.alert).map((h) => h.dismissed?.byId)).toEqual(
      dismissed.hits.filter((h) => h.alert).map(() => officer.id),
    );
    await expect(requireOtherThanDismisser(officer.id, dismissed, refusal)).rejects.toMatchObject({
      status: 409,
      code: "DISMISSED_BY_YOU",
      message: refusal,
    });
    await expect(requireOtherThanDismisser(colleague.id, dismissed, refusal)).resolves.toBeUndefined();
    // What the stored screening says of who dismissed is not what decides: the dismissals table is.
    const forged = {
      ...dismissed,
      hits: dismissed.hits.map((h) => ({
        ...h,
        dismissed: h.dismissed && { ...h.dismissed, byId: colleague.id },
      })),
    };
    await expect(requireOtherThanDismisser(officer.id, forged, refusal)).rejects.toMatchObject({
      code: "DISMISSED_BY_YOU",
    });
    // An account given its role after the dismissal is not the other officer: else the one who dismissed makes one.
    const [late] = await db
      .insert(users)
      .values({ email: "late-officer@example.com", name: "Lee Late", role: "compliance" })
      .returning({ id: users.id });
    if (!late) throw new Error("no late officer");
    await expect(requireOtherThanDismisser(late.id, dismissed, refusal)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_PERSON_TOO_NEW",
    });
    // The next payment from the same data finds the dismissal remembered: still the officer's, still not theirs to approve.
    const again = webhook({ ...LISTED_SANDBOX_PERSON, NATIONALITY: "CU" });
    await decidePendingPayment(again);
    const [remembered] = await screeningsOf("payment", again.transactionId);
    if (!remembered) throw new Error("not screened");
    expect(remembered.status).toBe("dismissed");
    expect(remembered.hits.find((h) => h.alert)?.dismissed?.byId).toBe(officer.id);
    await expect(requireOtherThanDismisser(officer.id, remembered, refusal)).rejects.toMatchObject({
      code: "DISMISSED_BY_YOU",
    });
    await expect(requireOtherThanDismisser(colleague.id, remembered, refusal)).resolves.toBeUndefined();
  });

  it("confirms a match only with a second officer who held the role before, then tries to reject the payment", async () => {
    const [second] = await db
      .insert(users)
      .values({ email: "second@example.com", name: "Sam Second", role: "compliance", roleSince: new Date(0) })
      .returning({ id: users.id, email: users.email, name: users.name });
    if (!second) throw new Error("no second officer");
    // The same person's earlier payment, still open when two officers confirm the match on the later one.
    const earlier = webhook({ ...LISTED_SANDBOX_PERSON, NATIONALITY: "KP" });
    await decidePendingPayment(earlier);
    const payment = webhook({ ...LISTED_SANDBOX_PERSON, NATIONALITY: "KP" });
    await decidePendingPayment(payment);
    const [screening] = await screeningsOf("payment", payment.transactionId);
    const hit = screening?.hits.find((h) => h.alert);
    if (!screening || !hit) throw new Error("no match");
    const body = {
      listId: hit.listId,
      entryId: hit.entryId,
      reason: "Same person: passport number on the list.",
    };
    // This test's lists are the UN's alone, where the person has one entry: a second potential match (as the OFAC
    // list's entry for the same person would be) is added to the stored screening.
    const other = { ...hit, entryId: `${hit.entryId}-other` };
    await db
      .update(screeningResults)
      .set({
        result: sql`jsonb_set(${screeningResults.result}, '{hits}', (${screeningResults.result}->'hits') || ${JSON.stringify([other])}::jsonb)`,
      })
      .where(eq(screeningResults.id, screening.id));

    const proposed = await confirmHit(who(), officer, screening.id, body);
    expect(proposed.step).toBe("proposed");
    expect(proposed.screening.status).toBe("open");
    // Another officer does not clear it alone by dismissing what the first proposed confirming.
    const secondOfficer = { ...second, role: "compliance" as const };
    // It waits on the second officer's overview, with where it is decided; never on the proposer's own.
    const confirmations = async (user: typeof officer | typeof secondOfficer) =>
      (await waitingFor(user)).filter((item) => item.kind === "screening-confirmation");
    const waiting = await confirmations(secondOfficer);
    expect(waiting).toMatchObject([
      {
        proposedBy: "Olu Officer",
        href: `/transactions/${encodeURIComponent(payment.transactionId)}#screening`,
        title: `Watchlist match to confirm: the sender ${LISTED_SANDBOX_PERSON.FULL_NAME}, UN Security Council consolidated list entry ${hit.entryId}`,
      },
    ]);
    expect(await confirmations(officer)).toEqual([]);
    // A role that sees names masked reads the sender masked (it cannot decide it anyway, so its overview skips it).
    const [forViewer] = await screeningConfirmationsWaitingFor({ ...secondOfficer, role: "viewer" });
    expect(forViewer?.title).not.toContain(LISTED_SANDBOX_PERSON.FULL_NAME);
    expect(forViewer?.title).toContain(maskValue("FULL_NAME", LISTED_SANDBOX_PERSON.FULL_NAME));
    expect(await waitingFor({ ...secondOfficer, role: "viewer" })).toEqual([]);
    await expect(
      dismissHit({ ...who(), actor: secondOfficer }, secondOfficer, screening.id, {
        ...body,
        reason: "Different person, I think: overruling alone.",
      }),
    ).rejects.toMatchObject({ status: 409, code: "CONFIRMATION_PROPOSED" });
    expect((await screeningsOf("payment", payment.transactionId))[0]?.status).toBe("open");
    await expect(confirmHit(who(), officer, screening.id, body)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_OFFICER_REQUIRED",
    });
    // An account made after the proposal cannot be its second officer.
    const [newcomer] = await db
      .insert(users)
      .values({ email: "newcomer@example.com", name: "New Comer", role: "compliance" })
      .returning({ id: users.id, email: users.email, name: users.name });
    if (!newcomer) throw new Error("no newcomer");
    await expect(
      confirmHit(
        { ...who(), actor: { ...newcomer, role: "compliance" } },
        { ...newcomer, role: "compliance" },
        screening.id,
        body,
      ),
    ).rejects.toMatchObject({ status: 409, code: "SECOND_PERSON_TOO_NEW" });

    const confirmed = await confirmHit({ ...who(), actor: secondOfficer }, secondOfficer, screening.id, body);
    expect(confirmed.step).toBe("confirmed");
    expect(confirmed.screening.status).toBe("confirmed");
    // This test's payment API is unreachable: the rejection never left, and the audit log says so.
    expect(confirmed.payment).toEqual({ rejected: false });
    const rejections = await db
      .select({ outcome: auditEvents.outcome, summary: auditEvents.summary })
      .from(auditEvents)
      .where(
        sql`${auditEvents.action} = 'payment.reject' AND ${auditEvents.targetId} = ${payment.transactionId}`,
      );
    expect(rejections.map((row) => row.outcome).sort()).toEqual(["attempted", "failed"]);
    // The rejection the console composes (sent to the API, in the audit row, on the timeline) names the list and
    // the entry's id, never the listed name: beside this sender it would say who the sender is to a masked role.
    for (const row of rejections) {
      expect(row.summary.reason).toBe(
        `Confirmed watchlist match: UN Security Council consolidated list entry ${hit.entryId}. Same person: passport number on the list.`,
      );
      expect(String(row.summary.reason)).not.toContain(hit.primaryName);
    }
    await expect(dismissHit(who(), officer, screening.id, body)).rejects.toMatchObject({
      status: 409,
      code: "ALREADY_CONFIRMED",
    });
    // The earlier payment's screening of the same data, open all along: one officer does not dismiss there what two
    // confirmed here (the dismissal, newer than the confirmation, would clear the person's next payments).
    const [earlierScreening] = await screeningsOf("payment", earlier.transactionId);
    if (!earlierScreening) throw new Error("earlier payment not screened");
    expect(earlierScreening.status).toBe("open");
    // It reads as confirmed by the two officers since, so its page offers no one-officer dismissal.
    expect(earlierScreening.hits.find((h) => h.entryId === hit.entryId)?.confirmedBefore).toMatchObject({
      resultId: screening.id,
      proposedBy: "Olu Officer",
      confirmedBy: "Sam Second",
    });
    await expect(
      dismissHit({ ...who(), actor: secondOfficer }, secondOfficer, earlierScreening.id, {
        ...body,
        reason: "Different person after all, says one officer.",
      }),
    ).rejects.toMatchObject({ status: 409, code: "CONFIRMED_BEFORE" });
    // The sender's other entry (the same person on the other list) is not decided any more: dismissing it would
    // have written the screening back to open, and a confirmed subject's flag with it.
    const otherBody = {
      listId: other.listId,
      entryId: other.entryId,
      reason: "Different person: other list.",
    };
    for (const decide of [dismissHit, confirmHit]) {
      await expect(decide(who(), officer, screening.id, otherBody)).rejects.toMatchObject({
        status: 409,
        code: "SCREENING_CONFIRMED",
      });
    }
    expect((await screeningsOf("payment", payment.transactionId))[0]?.status).toBe("confirmed");

    // The same person's next payment: the entry two officers confirmed says so, and one officer cannot dismiss it.
    const next = webhook({ ...LISTED_SANDBOX_PERSON, NATIONALITY: "KP" });
    await decidePendingPayment(next);
    const [again] = await screeningsOf("payment", next.transactionId);
    const confirmedBefore = again?.hits.find((h) => h.entryId === hit.entryId);
    if (!again || !confirmedBefore) throw new Error("not screened");
    expect(confirmedBefore.confirmedBefore).toMatchObject({
      resultId: screening.id,
      proposedBy: "Olu Officer",
      confirmedBy: "Sam Second",
      reason: body.reason,
    });
    await expect(dismissHit(who(), officer, again.id, body)).rejects.toMatchObject({
      status: 409,
      code: "CONFIRMED_BEFORE",
    });
    expect((await screeningsOf("payment", next.transactionId))[0]?.status).toBe("open");
  });

  it("lets a proposed confirmation go once its officer has been disabled: confirmed afresh, or dismissed", async () => {
    const [lou, pat] = await db
      .insert(users)
      .values([
        { email: "lou@example.com", name: "Lou Leaving", role: "compliance", roleSince: new Date(0) },
        { email: "pat@example.com", name: "Pat Present", role: "compliance", roleSince: new Date(0) },
      ])
      .returning({ id: users.id, email: users.email, name: users.name });
    if (!lou || !pat) throw new Error("no officers");
    const louOfficer = { ...lou, role: "compliance" as const };
    const patOfficer = { ...pat, role: "compliance" as const };
    const proposedByLou = async (nationality: string) => {
      const payment = webhook({ ...LISTED_SANDBOX_PERSON, NATIONALITY: nationality });
      await decidePendingPayment(payment);
      const [screening] = await screeningsOf("payment", payment.transactionId);
      const hit = screening?.hits.find((h) => h.alert);
      if (!screening || !hit) throw new Error("no match");
      const body = { listId: hit.listId, entryId: hit.entryId, reason: "Same person, Lou thinks." };
      await confirmHit({ ...who(), actor: louOfficer }, louOfficer, screening.id, body);
      return { screening, body };
    };
    const first = await proposedByLou("SY");
    const second = await proposedByLou("VE");
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, lou.id));

    // Lou's proposal no longer counts: Pat's confirmation is the first of two, not the second.
    const afresh = await confirmHit(
      { ...who(), actor: patOfficer },
      patOfficer,
      first.screening.id,
      first.body,
    );
    expect(afresh.step).toBe("proposed");
    expect(afresh.screening.hits.find((h) => h.confirmation)?.confirmation?.proposedBy.id).toBe(pat.id);
    // Nor does it bind anyone: another officer may dismiss the match Lou alone had proposed confirming.
    const dismissed = await dismissHit(who(), officer, second.screening.id, {
      ...second.body,
      reason: "Different person: date of birth differs.",
    });
    expect(dismissed.screening.status).toBe("dismissed");
  });

  it("lets the officer who proposed confirming a match dismiss it after all", async () => {
    const payment = webhook({ ...LISTED_SANDBOX_PERSON, NATIONALITY: "IR" });
    await decidePendingPayment(payment);
    const [screening] = await screeningsOf("payment", payment.transactionId);
    const hits = screening?.hits.filter((h) => h.alert) ?? [];
    if (!screening || hits.length === 0) throw new Error("no match");
    const [first] = hits;
    if (!first) throw new Error("no match");
    await confirmHit(who(), officer, screening.id, {
      listId: first.listId,
      entryId: first.entryId,
      reason: "Same person, I thought: same name.",
    });
    for (const hit of hits) {
      await dismissHit(who(), officer, screening.id, {
        listId: hit.listId,
        entryId: hit.entryId,
        reason: "Different person after all: passport checked.",
      });
    }
    expect((await screeningsOf("payment", payment.transactionId))[0]?.status).toBe("dismissed");
  });

  it("holds payments screened against a list past its freshness", async () => {
    await db.update(screeningListVersions).set({ checkedAt: sql`now() - interval '10 days'` });
    try {
      const decision = await decidePendingPayment(webhook(CLEAN));
      expect(decision.record.evaluation.fallback).toBe("screening-list-stale");
    } finally {
      await db.update(screeningListVersions).set({ checkedAt: sql`now()` });
    }
  });
});

describe("ad-hoc search", () => {
  it("stores no result but audits who searched for whom and what it found", async () => {
    const asked = who();
    const before = (await db.select({ id: screeningResults.id }).from(screeningResults)).length;
    const result = await searchLists(
      { name: LISTED_SANDBOX_PERSON.FULL_NAME, dateOfBirth: "1960-06-29" },
      asked,
    );
    expect(result.hits[0]?.alert).toBe(true);
    expect((await db.select({ id: screeningResults.id }).from(screeningResults)).length).toBe(before);
    const rows = await db
      .select({ outcome: auditEvents.outcome, summary: auditEvents.summary })
      .from(auditEvents)
      .where(
        sql`${auditEvents.action} = 'screening.search' AND ${auditEvents.requestId} = ${asked.requestId}`,
      )
      .orderBy(auditEvents.id);
    expect(rows.map((row) => row.outcome)).toEqual(["attempted", "allowed"]);
    expect(rows[1]?.summary).toMatchObject({
      name: LISTED_SANDBOX_PERSON.FULL_NAME,
      withDateOfBirth: true,
      withNationality: false,
      alerts: expect.any(Number),
    });
    expect(Number((rows[1]?.summary as { alerts?: number } | undefined)?.alerts)).toBeGreaterThan(0);
  });
});

describe("list versions", () => {
  it("records a broken load as failed and keeps screening against the version in use", async () => {
    const before = (await listHealth()).data.filter((v) => v.status === "in-use");
    expect(before.map((v) => v.listId)).toEqual(["un"]);
    writeFileSync(path.join(listsDir, "UN_consolidated.xml"), "<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL>");
    await refreshLists();
    const after = await listHealth();
    expect(after.data.find((v) => v.status === "in-use")?.contentHash).toBe(before[0]?.contentHash);
    expect(after.data.some((v) => v.status === "failed")).toBe(true);
    const held = await decidePendingPayment(webhook({ ...LISTED_SANDBOX_PERSON, BIRTH_DATE: "1960" }));
    expect(held.record.evaluation.fallback).toBe("screening-potential-match");
    const rows = await db.select().from(screeningResults).where(eq(screeningResults.outcome, "failed"));
    expect(rows).toEqual([]);
  });

  it("finds the list in use however many older versions of other lists are stored", async () => {
    const old = Array.from({ length: 250 }, (_, i) => ({
      listId: "eu-fsf",
      source: "an old upload",
      contentHash: `superseded-${i}`,
      status: "superseded" as const,
    }));
    await db.insert(screeningListVersions).values(old);
    try {
      expect((await listHealth()).data.filter((v) => v.status === "in-use").map((v) => v.listId)).toEqual([
        "un",
      ]);
      await db
        .update(screeningListVersions)
        .set({ checkedAt: sql`now() - interval '10 days'` })
        .where(eq(screeningListVersions.status, "in-use"));
      const decision = await decidePendingPayment(webhook(CLEAN));
      expect(decision.record.evaluation.fallback).toBe("screening-list-stale");
    } finally {
      await db.update(screeningListVersions).set({ checkedAt: sql`now()` });
      await db.delete(screeningListVersions).where(like(screeningListVersions.contentHash, "superseded-%"));
    }
  });
});

/** An EU FSF file with one listed person, as the EU publishes it (the reader's own format, lists/eu-fsf.ts). */
const euList = (remark: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-20T10:00:00.000+01:00" globalFileId="1">
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.7001.01" logicalId="700001">
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Quillon" middleName="" lastName="Vasterhaven" wholeName="Quillon Vasterhaven" function="" gender="M" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="1"/>
    <citizenship region="" countryIso2Code="NO" countryDescription="NORWAY" regulationLanguage="en" logicalId="2"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="1971-05-06" dayOfMonth="6" monthOfYear="5" year="1971" region="" place="" countryIso2Code="NO" countryDescription="NORWAY" regulationLanguage="en" logicalId="3"/>
    <remark>${remark}</remark>
  </sanctionEntity>
</export>
`;

describe("a list change", () => {
  it("re-screens the stored subjects against the new entries only and raises an alert for a new potential match", async () => {
    rescreenOnListChanges();
    const listed = { type: "customer" as const, id: "Customer:rescreen-listed" };
    const other = { type: "customer" as const, id: "Customer:rescreen-other" };
    const person = { name: "Quillon Vasterhaven", dateOfBirth: "1971-05-06", nationality: "NO" };
    expect((await screenSubject(listed, person)).status).toBe("clear");
    expect(
      (await screenSubject(other, { name: "Alex Sandbox Rivera", dateOfBirth: "1990-04-12" })).status,
    ).toBe("clear");
    const stored = async () => (await db.select({ id: screeningResults.id }).from(screeningResults)).length;
    const before = await stored();

    writeFileSync(path.join(listsDir, "eu_fsf.xml"), euList("Listed on 20 November 2026."));
    await refreshLists();
    await rescreenSettled();

    const [latest] = await screeningsOf("customer", listed.id);
    expect(latest?.status).toBe("open");
    expect(latest?.hits.find((hit) => hit.alert)?.listId).toBe("eu-fsf");
    // Only the listed customer has a new screening; the other's latest is still the clear one.
    expect(await stored()).toBe(before + 1);
    expect((await screeningsOf("customer", other.id))[0]?.status).toBe("clear");
    const progress = rescreenProgress();
    expect(progress).toMatchObject({ lists: ["eu-fsf"], changedEntries: 1, newAlerts: 1, failure: null });
    expect(progress?.subjects.done).toBe(progress?.subjects.total);
    expect(progress?.subjects.total).toBeGreaterThanOrEqual(2);
    expect((await listHealth()).data.some((v) => v.listId === "eu-fsf" && v.status === "in-use")).toBe(true);

    // The same bytes again change nothing; an entry that reads differently is new again for the subjects it alerts on.
    await refreshLists();
    await rescreenSettled();
    expect(await stored()).toBe(before + 1);
    writeFileSync(path.join(listsDir, "eu_fsf.xml"), euList("Listed on 20 November 2026; amended."));
    await refreshLists();
    await rescreenSettled();
    expect(await stored()).toBe(before + 2);
    expect(rescreenProgress()).toMatchObject({ changedEntries: 1, newAlerts: 1 });
  });
});
