import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ConfigSettings } from "../../universal/config/diff";
import type { ConsoleDatabase } from "../db/client";
import { auditEvents } from "../db/schema";
import { useConsoleTestDatabase } from "../db/test-database";

// Issue 46 item 3 against a real database: a configuration change made at the API, not through this console, is
// noticed when the console reads the configuration, recorded once, and a console change is never taken for one.
const api = vi.hoisted(() => ({ settings: null as ConfigSettings | null }));
vi.mock("./snapshot", () => ({ readConfigSettings: async () => api.settings }));

let db: ConsoleDatabase;

const settings = (webhookEndpoint: string): ConfigSettings => ({
  umaDomain: "demo.uma.localhost",
  webhookEndpoint,
  supportedCurrencies: [
    { currencyCode: "USD", minAmount: 1, maxAmount: 100, requiredCounterpartyFields: [] },
  ],
});

const outsideRows = () =>
  db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, "config.changed_outside"))
    .orderBy(auditEvents.id);

async function consoleChange(requestId: string, after: ConfigSettings, finished: boolean) {
  const { writeAudit } = await import("../audit/log");
  const entry = {
    actor: null,
    action: "config.update",
    requestId,
    summary: { environment: "sandbox", after },
  };
  await writeAudit({ ...entry, outcome: "attempted" });
  if (finished) await writeAudit({ ...entry, outcome: "allowed", upstreamStatus: 200 });
}

beforeAll(async () => {
  // The modules read the console's database and settings from the environment, as in the server.
  ({ db } = await useConsoleTestDatabase("outside_changes"));
});

afterAll(async () => {
  await db?.pool.end();
});

describe("changes made at the API, not through this console", () => {
  it("records a change it did not make once, with the configuration before and after, and never its own", async () => {
    const { noticeOutsideChanges } = await import("./outside-changes");
    // First read: nothing to compare with yet.
    api.settings = settings("https://hooks.example.com/a");
    await noticeOutsideChanges("req-1");
    expect(await outsideRows()).toHaveLength(0);

    // Changed at the API: recorded once, however often it is read after.
    api.settings = settings("https://insider.example/collect");
    await noticeOutsideChanges("req-2");
    await noticeOutsideChanges("req-3");
    const rows = await outsideRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorId).toBeNull();
    expect(rows[0]?.summary).toMatchObject({
      outside: true,
      environment: "sandbox",
      before: { webhookEndpoint: "https://hooks.example.com/a" },
      after: { webhookEndpoint: "https://insider.example/collect" },
    });

    // The console's own change (its outcome holds the configuration after it) is not one.
    await consoleChange("req-console", settings("https://hooks.example.com/b"), true);
    api.settings = settings("https://hooks.example.com/b");
    await noticeOutsideChanges("req-4");
    expect(await outsideRows()).toHaveLength(1);

    // Nor is one in flight (attempted, its outcome not yet written): no verdict until it is.
    await consoleChange("req-flight", settings("https://hooks.example.com/c"), false);
    api.settings = settings("https://hooks.example.com/c");
    await noticeOutsideChanges("req-5");
    expect(await outsideRows()).toHaveLength(1);
    const { writeAudit } = await import("../audit/log");
    await writeAudit({
      actor: null,
      action: "config.update",
      requestId: "req-flight",
      outcome: "allowed",
      summary: { environment: "sandbox", after: settings("https://hooks.example.com/c") },
    });
    await noticeOutsideChanges("req-6");
    expect(await outsideRows()).toHaveLength(1);
    expect(
      await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "config.changed_outside"), eq(auditEvents.requestId, "req-6"))),
    ).toHaveLength(0);
  });
});
