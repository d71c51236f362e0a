import { describe, expect, it } from "vitest";
import { chain, type RelayContext, type RelayStep, stepWhen } from "./step";

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

  it("passes over a step whose condition refuses the request, and runs it where the condition holds", async () => {
    const order: string[] = [];
    const onlyMutations = stepWhen(
      (context) => context.mutation,
      async (_context, next) => {
        order.push("mutation step");
        await next();
      },
    );
    const last: RelayStep = async () => {
      order.push("relay");
    };
    await chain([onlyMutations, last])({ mutation: false } as RelayContext);
    expect(order).toEqual(["relay"]);
    order.length = 0;
    await chain([onlyMutations, last])({ mutation: true } as RelayContext);
    expect(order).toEqual(["mutation step", "relay"]);
  });
});
