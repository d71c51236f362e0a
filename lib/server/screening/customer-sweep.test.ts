import { like, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { type CounterpartyPerson, createCustomerAtApi } from "../../../service/test-support/payment-fixtures";
import { LISTED_SANDBOX_PERSON } from "../../../shared/contract/sandbox-senders";
import { consoleAgainstService } from "../../../test-support/console-against-service";
import { consoleSettings, screeningResults } from "../db/schema";
import { unListOnlyDir } from "../policies/deciding-test-setup";

// Customers the platform's own systems create or change through the API, never through the console, against a real
// payment service: the sweep screens them as the console screens its own.

const listsDir = unListOnlyDir();

const world = consoleAgainstService("customer_sweep", { listsDir });

/** A customer created straight at the API, as the platform's backend would. */
const createAtApi = (person: CounterpartyPerson) => createCustomerAtApi(world.service, person);

const CLEAN = { FULL_NAME: "Alex Sandbox Rivera", BIRTH_DATE: "1990-04-12", NATIONALITY: "US" };

describe("the sweep for customers created or changed outside the console", () => {
  it("screens each once: a listed person is an open alert, a clean one clear; the next sweep screens nobody again", async () => {
    const { screenCustomersChangedSince } = await import("./customer-sweep");
    const { latestScreeningsOf } = await import("./screen-subject");
    const { openAlerts } = await import("./alerts");
    const listed = await createAtApi(LISTED_SANDBOX_PERSON);
    const clean = await createAtApi(CLEAN);

    const first = await screenCustomersChangedSince(null);
    expect(first.read).toBeGreaterThanOrEqual(2);
    expect(first.screened).toBe(first.read);
    const latest = await latestScreeningsOf("customer", [listed.id, clean.id]);
    expect(latest.get(listed.id)?.status).toBe("open");
    expect(latest.get(listed.id)?.subjectName).toBe(LISTED_SANDBOX_PERSON.FULL_NAME);
    expect(latest.get(clean.id)?.status).toBe("clear");
    const alerts = await openAlerts();
    expect(alerts.data.map((alert) => alert.subjectId)).toContain(listed.id);

    const again = await screenCustomersChangedSince(null);
    expect(again.read).toBe(first.read);
    expect(again.screened).toBe(0);
  });

  it("screens again from where it ended a customer whose data changed since, and leaves a deleted one alone", async () => {
    const { screenCustomersChangedSince } = await import("./customer-sweep");
    const { screeningsOf } = await import("./screen-subject");
    const renamed = await createAtApi(CLEAN);
    const removed = await createAtApi({ ...CLEAN, FULL_NAME: "Removed Before Screening" });
    const done = await screenCustomersChangedSince(null);
    expect(done.newest?.getTime()).toBeGreaterThanOrEqual(Date.parse(renamed.updatedAt));
    const since = done.newest ?? new Date(0);

    // Renamed to a listed person's data at the API, not through the console.
    const patched = await world.service.api(`/customers/${encodeURIComponent(renamed.id)}`, {
      method: "PATCH",
      json: {
        customerType: "INDIVIDUAL",
        fullName: LISTED_SANDBOX_PERSON.FULL_NAME,
        birthDate: LISTED_SANDBOX_PERSON.BIRTH_DATE,
        nationality: LISTED_SANDBOX_PERSON.NATIONALITY,
      },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const deleted = await world.service.api(`/customers/${encodeURIComponent(removed.id)}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    const later = await createAtApi({ ...CLEAN, FULL_NAME: "Later Still Clean" });

    const next = await screenCustomersChangedSince(since);
    // Only what changed since is read: the renamed customer, the new one (and nothing deleted).
    expect(next.read).toBe(2);
    expect(next.screened).toBe(2);
    const history = await screeningsOf("customer", renamed.id);
    expect(history.map((record) => record.status)).toEqual(["open", "clear"]);
    expect((await screeningsOf("customer", later.id)).map((record) => record.status)).toEqual(["clear"]);
    expect(await screeningsOf("customer", removed.id)).toHaveLength(1);
  });
});

describe("the sweep's turn, shared by the consoles on one database", () => {
  /** Another console's copy of the turn (a fresh module: another holder), on the same database. */
  async function anotherConsole() {
    vi.resetModules();
    return import("./customer-sweep-turn");
  }

  it("is held by one console at a time, lapses when not renewed, and keeps where the last sweep ended", async () => {
    const one = await import("./customer-sweep-turn");
    const other = await anotherConsole();
    const held = await one.takeSweepTurn("production");
    expect(held).toEqual({ environment: "production", since: null });
    if (!held) throw new Error("no turn");
    expect(await other.takeSweepTurn("production")).toBeNull();
    expect(await one.renewSweepTurn(held)).toBe(true);

    await one.endSweepTurn(held, new Date("2026-01-02T03:04:05.000Z"));
    const next = await other.takeSweepTurn("production");
    expect(next?.since?.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    if (!next) throw new Error("no turn");
    expect(await one.renewSweepTurn(held)).toBe(false);
    expect(await one.takeSweepTurn("production")).toBeNull();

    // The holder stopped mid-sweep: its lease lapses and the mark is where it was.
    await world.db.execute(sql`
      update console_settings set value = value || jsonb_build_object('leasedUntil', to_jsonb(now() - interval '1 second'))
      where key like 'customer-sweep:production:%'`);
    expect((await one.takeSweepTurn("production"))?.since?.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    expect(await other.renewSweepTurn(next)).toBe(false);
  });

  it("lets a console that starts read on from where another's round ended, and screens a failed screening again", async () => {
    const { sweepCustomersOnce } = await import("./customer-sweep");
    const { screeningsOf } = await import("./screen-subject");
    const customer = await createAtApi({ ...CLEAN, FULL_NAME: "Swept By One Console" });
    await sweepCustomersOnce("sandbox");
    expect((await screeningsOf("customer", customer.id)).map((record) => record.status)).toEqual(["clear"]);
    const [row] = await world.db
      .select({ value: consoleSettings.value })
      .from(consoleSettings)
      .where(like(consoleSettings.key, "customer-sweep:sandbox:%"));
    const mark = Date.parse(String(row?.value.sweptUntil));
    expect(mark).toBe(Date.parse(customer.updatedAt) - 60_000);

    // Two customers whose screenings failed: one before this console's lists could be read (screened again by the
    // next round, here another console's), one after (a failure of its own: left as the open alert it is).
    const { listsInUse } = await import("./lists-in-use");
    const { loadedAt } = await listsInUse();
    const before = await createAtApi({ ...CLEAN, FULL_NAME: "Failed Before The Lists" });
    const after = await createAtApi({ ...CLEAN, FULL_NAME: "Failed With The Lists" });
    const failedAt = async (id: string, name: string, screenedAt: Date) =>
      world.db.insert(screeningResults).values({
        environment: "sandbox",
        subjectType: "customer",
        subjectId: id,
        subjectKey: "failed",
        subjectName: name,
        outcome: "failed",
        status: "failed",
        bestScore: 0,
        screenedAt,
        result: {
          query: { name, kind: "person" },
          threshold: 0.9,
          bestScore: 0,
          hits: [],
          listVersions: [],
          staleLists: [],
        },
      });
    await failedAt(before.id, "Failed Before The Lists", new Date(loadedAt.getTime() - 1000));
    await failedAt(after.id, "Failed With The Lists", new Date());
    // Past both customers' last change: the round reads no customer, and screens one again for its failure alone.
    await world.db.execute(sql`
      update console_settings set value = value || jsonb_build_object('sweptUntil', to_jsonb(now() + interval '1 hour'))
      where key like 'customer-sweep:sandbox:%'`);
    vi.resetModules();
    const { sweepCustomersOnce: anotherSweep } = await import("./customer-sweep");
    expect(await anotherSweep("sandbox")).toBe(1);
    expect((await screeningsOf("customer", before.id)).map((record) => record.status)).toEqual([
      "clear",
      "failed",
    ]);
    expect((await screeningsOf("customer", after.id)).map((record) => record.status)).toEqual(["failed"]);
  });
});
