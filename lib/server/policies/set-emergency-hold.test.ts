import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleUser } from "../auth/session-user";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents, consoleSettings, users } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// The emergency hold against a real database (decision 0089): on at once; off only when a second person confirms
// what a first asked, never its asker, never someone whose role is newer than the request.

let db: ConsoleDatabase;
let setEmergencyHold: typeof import("./set-emergency-hold")["setEmergencyHold"];
let readEmergencyHold: typeof import("./emergency-hold")["readEmergencyHold"];
let ana: ConsoleUser;
let ben: ConsoleUser;

async function officer(email: string): Promise<ConsoleUser> {
  const [row] = await db
    .insert(users)
    .values({ email, name: email.split("@")[0] ?? email, role: "compliance" })
    .returning();
  if (!row) throw new Error("not inserted");
  return row as unknown as ConsoleUser;
}

const as = (user: ConsoleUser, requestId: string) =>
  [{ actor: user, requestId, clientRequestId: null }, user] as const;

const auditOf = (requestIds: string[]) =>
  db
    .select({ outcome: auditEvents.outcome, actor: auditEvents.actorEmail, summary: auditEvents.summary })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "approvals.emergency-hold.update"),
        inArray(auditEvents.requestId, requestIds),
      ),
    )
    .orderBy(auditEvents.id);

beforeAll(async () => {
  ({ db } = await useConsoleTestDatabase("set_emergency_hold"));
  ({ setEmergencyHold } = await import("./set-emergency-hold"));
  ({ readEmergencyHold } = await import("./emergency-hold"));
  ana = await officer("ana@example.com");
  ben = await officer("ben@example.com");
});

afterAll(async () => {
  await db?.pool.end();
});

describe("the emergency hold", () => {
  it("goes on at once, and off only when a second person confirms what a first asked", async () => {
    const on = await setEmergencyHold(...as(ana, "req_on"), {
      on: true,
      reason: "Case 1: domain compromised",
    });
    expect(on).toMatchObject({ on: true, by: "ana@example.com", lift: null });

    // Ben asks to turn it off: it stays on, his request on it.
    const asked = await setEmergencyHold(...as(ben, "req_ask"), {
      on: false,
      reason: "Case 1: domain secured",
    });
    expect(asked).toMatchObject({
      on: true,
      reason: "Case 1: domain compromised",
      lift: { byId: ben.id, by: "ben@example.com", reason: "Case 1: domain secured" },
    });
    expect((await readEmergencyHold()).on).toBe(true);
    // It waits on every other officer's overview, never on his.
    const { waitingFor } = await import("../four-eyes/waiting-for-me");
    expect(await waitingFor(ana)).toEqual([
      expect.objectContaining({ kind: "emergency-hold", proposedBy: "ben", href: "/approvals" }),
    ]);
    expect(await waitingFor(ben)).toEqual([]);

    // He cannot confirm his own request; nor can an officer made after it.
    await expect(
      setEmergencyHold(...as(ben, "req_self"), { on: false, reason: "Case 1: really secured" }),
    ).rejects.toMatchObject({ status: 409, code: "SECOND_PERSON_REQUIRED" });
    const cal = await officer("cal@example.com");
    await expect(
      setEmergencyHold(...as(cal, "req_new"), { on: false, reason: "Case 1: new officer agrees" }),
    ).rejects.toMatchObject({ status: 409, code: "SECOND_PERSON_TOO_NEW" });
    expect((await readEmergencyHold()).on).toBe(true);

    // Ana confirms: off.
    const off = await setEmergencyHold(...as(ana, "req_confirm"), { on: false, reason: "Case 1: confirmed" });
    expect(off).toMatchObject({ on: false, by: "ana@example.com", lift: null });
    expect(await readEmergencyHold()).toMatchObject({ on: false, lift: null });
    const rows = await auditOf(["req_on", "req_ask", "req_self", "req_new", "req_confirm"]);
    expect(rows.map((row) => [row.outcome, row.actor, row.summary.fourEyes ?? null])).toEqual([
      ["attempted", "ana@example.com", null],
      ["allowed", "ana@example.com", null],
      ["attempted", "ben@example.com", "proposed"],
      ["allowed", "ben@example.com", "proposed"],
      ["attempted", "ben@example.com", "approved"],
      ["refused", "ben@example.com", "approved"],
      ["attempted", "cal@example.com", "approved"],
      ["refused", "cal@example.com", "approved"],
      ["attempted", "ana@example.com", "approved"],
      ["allowed", "ana@example.com", "approved"],
    ]);
  });

  it("drops a request when the hold is turned on again, or when its asker has been disabled since", async () => {
    await setEmergencyHold(...as(ana, "req_on2"), { on: true, reason: "Case 2: fraud wave" });
    await setEmergencyHold(...as(ben, "req_ask2"), { on: false, reason: "Case 2: over" });
    const again = await setEmergencyHold(...as(ana, "req_again"), { on: true, reason: "Case 2: not over" });
    expect(again).toMatchObject({ on: true, lift: null });

    await setEmergencyHold(...as(ben, "req_ask3"), { on: false, reason: "Case 2: over now" });
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, ben.id));
    await expect(
      setEmergencyHold(...as(ana, "req_confirm2"), { on: false, reason: "Case 2: agreed" }),
    ).rejects.toMatchObject({ status: 409, code: "REQUEST_WITHDRAWN" });
    expect(await readEmergencyHold()).toMatchObject({ on: true, lift: null });
  });

  it("never lets an 'off' judged against a stored off overwrite an 'on' written meanwhile", async () => {
    const off = { on: false, reason: null, by: null, at: null, lift: null };
    await db.update(consoleSettings).set({ value: off }).where(eq(consoleSettings.key, "emergency-hold"));
    const dot = await officer("dot@example.com");
    // Ana turns the hold on in a transaction not yet committed; Dot, who still sees it off, sends "off".
    const ana2 = await db.pool.connect();
    try {
      await ana2.query("begin");
      await ana2.query("update console_settings set value = $1 where key = 'emergency-hold'", [
        {
          on: true,
          reason: "Case 3: breach",
          by: "ana@example.com",
          at: new Date().toISOString(),
          lift: null,
        },
      ]);
      const stale = setEmergencyHold(...as(dot, "req_stale_off"), { on: false, reason: "Case 3: all clear" });
      const settled = stale.then(
        () => "written",
        (error: unknown) => error,
      );
      // Dot's write waits on Ana's row lock: only then does Ana commit, so Dot's read was of the old "off".
      for (let tries = 0; tries < 200; tries++) {
        const { rows } = await db.pool.query<{ waiting: number }>(
          "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if ((rows[0]?.waiting ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await ana2.query("commit");
      expect(await settled).toMatchObject({ status: 409, code: "HOLD_CHANGED" });
    } finally {
      ana2.release();
    }
    expect(await readEmergencyHold()).toMatchObject({ on: true, reason: "Case 3: breach" });
  });
});
