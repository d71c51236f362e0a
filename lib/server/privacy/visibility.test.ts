import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_VISIBILITY, PERSONAL_DATA_CATEGORIES } from "../../universal/privacy/fields";
import type { ConsoleDatabase } from "../db/client";
import { createConsoleTestDatabase } from "../db/test-database";
import { readVisibility, visibleCategories, writeVisibility } from "./visibility";

// The process's one pool (lib/server/db/index.ts) is this test's database.
const holder = globalThis as typeof globalThis & { __consoleDatabase?: ConsoleDatabase };
let db: ConsoleDatabase;
/** Connections taken from the pool: one per query the module makes. */
let queries = 0;

beforeAll(async () => {
  ({ db } = await createConsoleTestDatabase("visibility"));
  db.pool.on("acquire", () => {
    queries++;
  });
  holder.__consoleDatabase = db;
});

afterAll(async () => {
  holder.__consoleDatabase = undefined;
  await db?.pool.end();
});

beforeEach(() => {
  vi.useRealTimers();
});

let shift = 0;
/** Past the setting's 2 s in this process (and past any earlier call's), without waiting for them. */
function expireKeptSetting() {
  shift += 60_000;
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + shift });
}

describe("the personal-data visibility setting", () => {
  it("is read once for every request that finds it expired at the same moment", async () => {
    expireKeptSetting();
    const before = queries;
    const answers = await Promise.all(Array.from({ length: 25 }, () => readVisibility()));
    expect(queries - before).toBe(1);
    for (const answer of answers) expect(answer).toEqual(DEFAULT_VISIBILITY);
    // Kept afterwards: no further query while it is fresh.
    await readVisibility();
    expect(queries - before).toBe(1);
  });

  it("is read again once expired, and a write is seen by the next read", async () => {
    expireKeptSetting();
    const before = queries;
    await readVisibility();
    expect(queries - before).toBe(1);

    await writeVisibility({ ...DEFAULT_VISIBILITY, viewer: ["name"] }, { email: "ada@example.com" });
    const afterWrite = queries;
    const [viewer, compliance] = await Promise.all([
      visibleCategories("viewer"),
      visibleCategories("compliance"),
    ]);
    expect(viewer).toEqual(["name"]);
    expect(compliance).toEqual(DEFAULT_VISIBILITY.compliance);
    expect(queries - afterWrite).toBe(1);
  });

  it("does not keep, nor share after a write, what a read begun before the write found", async () => {
    await writeVisibility({ ...DEFAULT_VISIBILITY, viewer: ["contact"] }, { email: "ada@example.com" });
    expireKeptSetting();
    // The read's query runs now (before the write) but its answer is handed over only after the write.
    let handOver = () => {};
    const handedOver = new Promise<void>((resolve) => {
      handOver = resolve;
    });
    const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => Promise<unknown>;
    const spy = vi.spyOn(db.pool, "query").mockImplementationOnce(((...args: unknown[]) => {
      const answer = query(...args);
      return handedOver.then(() => answer);
    }) as never);
    const begunBefore = readVisibility();
    await expect.poll(() => spy.mock.calls.length).toBe(1);
    spy.mockRestore();

    await writeVisibility({ ...DEFAULT_VISIBILITY, viewer: ["birthDate"] }, { email: "ada@example.com" });
    expect(await visibleCategories("viewer")).toEqual(["birthDate"]);
    handOver();
    expect((await begunBefore).viewer).toEqual(["contact"]);
    expect(await visibleCategories("viewer")).toEqual(["birthDate"]);
  });

  it("always shows admins everything, whatever was stored", async () => {
    await writeVisibility({ ...DEFAULT_VISIBILITY, admin: [] }, { email: "ada@example.com" });
    expect(await visibleCategories("admin")).toEqual([...PERSONAL_DATA_CATEGORIES]);
  });

  it("gives every waiting request the failure of a read that fails, and reads anew on the next request", async () => {
    expireKeptSetting();
    const spy = vi.spyOn(db.pool, "query").mockImplementationOnce(() => {
      throw new Error("connection refused");
    });
    const results = await Promise.allSettled([readVisibility(), readVisibility(), readVisibility()]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    spy.mockRestore();
    await writeVisibility({ ...DEFAULT_VISIBILITY, developer: ["contact"] }, { email: "ada@example.com" });
    expect(await visibleCategories("developer")).toEqual(["contact"]);
  });
});
