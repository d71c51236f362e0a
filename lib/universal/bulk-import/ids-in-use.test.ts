import { describe, expect, it } from "vitest";
import { ID_LOOKUP_CONCURRENCY, idsInUse } from "./ids-in-use";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("idsInUse", () => {
  it("asks about every id of a 5,000-row file, a few at a time, and keeps their order", async () => {
    const ids = Array.from({ length: 5_000 }, (_, index) => `c-${index}`);
    let running = 0;
    let most = 0;
    const asked: string[] = [];
    const taken = await idsInUse(ids, async (id) => {
      asked.push(id);
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
      return id.endsWith("99");
    });
    expect(asked).toHaveLength(5_000);
    expect(most).toBe(ID_LOOKUP_CONCURRENCY);
    expect(taken).toHaveLength(50);
    expect(taken.slice(0, 2)).toEqual(["c-99", "c-199"]);
    expect(taken.at(-1)).toBe("c-4999");
  });

  it("fails with the first failed lookup and starts no more", async () => {
    const ids = Array.from({ length: 100 }, (_, index) => `c-${index}`);
    let asked = 0;
    await expect(
      idsInUse(
        ids,
        async (id) => {
          asked++;
          await tick();
          if (id === "c-3") throw new Error("down");
          return false;
        },
        { concurrency: 2 },
      ),
    ).rejects.toThrow("down");
    expect(asked).toBeLessThan(10);
  });

  it("asks nothing for no ids", async () => {
    expect(await idsInUse([], () => Promise.reject(new Error("asked")))).toEqual([]);
  });
});
