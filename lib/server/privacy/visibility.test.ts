import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_VISIBILITY, PERSONAL_DATA_CATEGORIES } from "../../universal/privacy/fields";
import type { ConsoleDatabase } from "../db/client";
import { createConsoleTestDatabase } from "../db/test-database";
import { readStoredVisibility, readVisibility, visibleCategories, writeVisibility } from "./visibility";

const by = { email: "ada@example.com" };
/** Writes the setting over what is stored now, as a change judged against it does. */
const write = async (visibility: Parameters<typeof writeVisibility>[0]) =>
  writeVisibility(visibility, by, await readStoredVisibility());

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

    await write({ ...DEFAULT_VISIBILITY, viewer: ["name"] });
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
    await write({ ...DEFAULT_VISIBILITY, viewer: ["contact"] });
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

    await write({ ...DEFAULT_VISIBILITY, viewer: ["birthDate"] });
    expect(await visibleCategories("viewer")).toEqual(["birthDate"]);
    handOver();
    expect((await begunBefore).viewer).toEqual(["contact"]);
    expect(await visibleCategories("viewer")).toEqual(["birthDate"]);
  });

  it("writes nothing over a setting that moved since the change was judged against it", async () => {
    const judged = await readStoredVisibility();
    await write({ ...DEFAULT_VISIBILITY, viewer: ["address"] });
    await expect(writeVisibility({ ...judged, developer: ["name"] }, by, judged)).rejects.toMatchObject({
      status: 409,
      code: "VISIBILITY_CHANGED",
    });
    expect((await readStoredVisibility()).developer).toEqual([]);
    expect((await readStoredVisibility()).viewer).toEqual(["address"]);
  });

  it("always shows admins everything, whatever was stored", async () => {
    await write({ ...DEFAULT_VISIBILITY, admin: [] });
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
    await write({ ...DEFAULT_VISIBILITY, developer: ["contact"] });
    expect(await visibleCategories("developer")).toEqual(["contact"]);
  });
});
