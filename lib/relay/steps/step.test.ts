import { describe, expect, it } from "vitest";
import { chain, type RelayContext, type RelayStep } from "./step";

describe("the relay's chain of steps", () => {
  it("runs each step around the ones after it, and stops where a step does not go on", async () => {
    const order: string[] = [];
    const around =
      (name: string): RelayStep =>
      async (_context, next) => {
        order.push(`${name} before`);
        await next();
        order.push(`${name} after`);
      };
    const answering: RelayStep = async () => {
      order.push("answers");
    };
    const never: RelayStep = async () => {
      order.push("never");
    };
    await chain([around("outer"), around("inner"), answering, never])({} as RelayContext);
    expect(order).toEqual(["outer before", "inner before", "answers", "inner after", "outer after"]);
  });

  it("lets a failure of a later step pass through the earlier ones", async () => {
    const seen: string[] = [];
    const catching: RelayStep = async (_context, next) => {
      try {
        await next();
      } catch (error) {
        seen.push((error as Error).message);
        throw error;
      }
    };
    const failing: RelayStep = async () => {
      throw new Error("refused");
    };
    await expect(chain([catching, failing])({} as RelayContext)).rejects.toThrow("refused");
    expect(seen).toEqual(["refused"]);
  });
});
