import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleDatabase } from "../db/client";
import { approvalThresholds, auditEvents, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// Issue 46 item 1 against a real database: loosening the two-person rule is a proposal another officer decides.

type Module = typeof import("./threshold-proposals");
type Who = Parameters<Module["changeThresholds"]>[0];

let db: ConsoleDatabase;
let rules: Module;
let listThresholds: typeof import("./two-approvers")["listThresholds"];
let carla: Who;
let cole: Who;

const usd = (minimumAmount: number) => [{ currency: "USD", minimumAmount }];

beforeAll(async () => {
  // The modules read the console's database and settings from the environment, as in the server.
  ({ db } = await useConsoleTestDatabase("thresholds"));
  rules = await import("./threshold-proposals");
  ({ listThresholds } = await import("./two-approvers"));
  const rows = await db
    .insert(users)
    .values([
      { email: "carla@example.com", name: "Carla", role: "compliance" },
      { email: "cole@example.com", name: "Cole", role: "compliance" },
    ])
    .returning();
  const who = (row: unknown, requestId: string) =>
    ({ user: row as Who["user"], requestId, clientRequestId: null }) as Who;
  carla = who(rows[0], "req_carla");
  cole = who(rows[1], "req_cole");
});

afterAll(async () => {
  await db?.pool.end();
});

describe("changing the two-person rule", () => {
  it("applies a stricter change at once and proposes a looser one, which only another officer approves", async () => {
    expect(await rules.changeThresholds(carla, usd(100_000))).toEqual({
      thresholds: usd(100_000),
      proposal: null,
    });
    const removal = await rules.changeThresholds(carla, []);
    expect(removal.thresholds).toEqual(usd(100_000));
    expect(removal.proposal).toMatchObject({
      status: "proposed",
      thresholds: [],
      diff: [{ currency: "USD", before: 100_000, after: null, direction: "looser" }],
      // Named as the console names people; the email is kept beside it (unique where two share a name).
      proposedBy: { id: carla.user.id, name: "Carla", email: "carla@example.com" },
    });
    expect(await listThresholds()).toEqual(usd(100_000));
    const id = removal.proposal?.id ?? "";
    await expect(rules.changeThresholds(carla, usd(200_000))).rejects.toMatchObject({
      status: 409,
      code: "THRESHOLDS_PROPOSAL_PENDING",
    });
    await expect(rules.approveThresholdsProposal(carla, id)).rejects.toMatchObject({
      status: 409,
      code: "SECOND_PERSON_REQUIRED",
    });
    await expect(rules.declineThresholdsProposal(carla, id)).rejects.toMatchObject({ code: "OWN_PROPOSAL" });
    await expect(rules.withdrawThresholdsProposal(cole, id)).rejects.toMatchObject({ status: 403 });
    expect(await rules.approveThresholdsProposal(cole, id)).toMatchObject({
      status: "applied",
      decidedBy: "cole@example.com",
    });
    expect(await listThresholds()).toEqual([]);
    await expect(rules.approveThresholdsProposal(cole, id)).rejects.toMatchObject({
      code: "PROPOSAL_DECIDED",
    });
  });

  it("applies the stricter part of a mixed change and proposes the rest", async () => {
    await rules.changeThresholds(carla, usd(100_000));
    const mixed = await rules.changeThresholds(carla, [{ currency: "EUR", minimumAmount: 5_000 }]);
    expect(mixed.thresholds).toEqual([{ currency: "EUR", minimumAmount: 5_000 }, ...usd(100_000)]);
    expect(mixed.proposal?.diff).toEqual([
      { currency: "USD", before: 100_000, after: null, direction: "looser" },
    ]);
    expect(await rules.withdrawThresholdsProposal(carla, mixed.proposal?.id ?? "")).toMatchObject({
      status: "withdrawn",
    });
    expect(await listThresholds()).toEqual([{ currency: "EUR", minimumAmount: 5_000 }, ...usd(100_000)]);
  });

  it("refuses a proposal whose rule moved since as stale, and marks it superseded", async () => {
    await db.delete(approvalThresholds);
    await rules.changeThresholds(carla, usd(100_000));
    const raise = await rules.changeThresholds(carla, usd(900_000));
    await rules.changeThresholds(cole, usd(50_000));
    await expect(rules.approveThresholdsProposal(cole, raise.proposal?.id ?? "")).rejects.toMatchObject({
      status: 409,
      code: "STALE_PROPOSAL",
    });
    const { pending, recent } = await rules.listThresholdsProposals();
    expect(pending).toBeNull();
    expect(recent[0]).toMatchObject({ id: raise.proposal?.id, status: "superseded" });
    expect(await listThresholds()).toEqual(usd(50_000));
  });

  it("closes a proposal whose proposer has been disabled since: it is not applied", async () => {
    await db.delete(approvalThresholds);
    await rules.changeThresholds(cole, usd(100_000));
    const [cara] = await db
      .insert(users)
      .values({ email: "cara@example.com", name: "Cara", role: "compliance" })
      .returning();
    const caraWho = { user: cara, requestId: "req_cara", clientRequestId: null } as unknown as Who;
    const removal = await rules.changeThresholds(caraWho, []);
    await db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, cara?.id ?? ""));
    await expect(rules.approveThresholdsProposal(cole, removal.proposal?.id ?? "")).rejects.toMatchObject({
      status: 409,
      code: "PROPOSER_LEFT",
    });
    const { pending, recent } = await rules.listThresholdsProposals();
    expect(pending).toBeNull();
    expect(recent[0]).toMatchObject({ id: removal.proposal?.id, status: "superseded" });
    expect(await listThresholds()).toEqual(usd(100_000));
  });

  it("decides only the rule's proposals: another kind's id is not found, and every step is audited", async () => {
    const [other] = await db
      .insert((await import("../db/schema")).configProposals)
      .values({
        kind: "four-eyes",
        body: {},
        before: {},
        diff: [],
        proposerId: carla.user.id,
        proposerEmail: carla.user.email,
        proposalRequestId: "req_other",
      })
      .returning();
    // A row stored before proposers' names were kept (migration 0021) is named by its email, never left blank.
    const { proposerOf } = await import("../config/proposals");
    expect(
      proposerOf({ proposerId: carla.user.id, proposerEmail: carla.user.email, proposerName: null }),
    ).toEqual({
      id: carla.user.id,
      name: "carla@example.com",
      email: "carla@example.com",
    });
    await expect(rules.approveThresholdsProposal(cole, other?.id ?? "")).rejects.toMatchObject({
      status: 404,
      code: "PROPOSAL_NOT_FOUND",
    });
    await expect(rules.declineThresholdsProposal(cole, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    const actions = (await db.select({ action: auditEvents.action }).from(auditEvents)).map(
      (row) => row.action,
    );
    expect(actions).toContain("approvals.thresholds.update");
    expect(actions).toContain("approvals.thresholds.proposal.approve");
  });

  it("writes a change only over the rule it was judged against: one judged before another landed is refused", async () => {
    const { replaceThresholds } = await import("./two-approvers");
    const before = await listThresholds();
    // Another officer's tightening lands between this change's read and its write.
    const eur = [...before, { currency: "EUR", minimumAmount: 50_000 }];
    await replaceThresholds(eur, cole.user, before);
    // Written over the rule it read, this change would drop EUR's threshold without anyone approving a loosening.
    await expect(replaceThresholds(before, carla.user, before)).rejects.toMatchObject({
      status: 409,
      code: "THRESHOLDS_CHANGED",
    });
    expect(await listThresholds()).toEqual(
      expect.arrayContaining([{ currency: "EUR", minimumAmount: 50_000 }]),
    );
    // The same change judged against the rule as it is goes through.
    await replaceThresholds(before, carla.user, eur);
    expect(await listThresholds()).toEqual(before);
  });
});
