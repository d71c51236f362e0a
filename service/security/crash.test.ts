import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../test-support/database";
import { runCrashScenario } from "./support/crash-run";

/**
 * Crash: the real service process, under a load of money operations from a loopback client, is killed with
 * SIGKILL at random moments and started again. After each restart the money invariants hold, every write that
 * was acknowledged with a 2xx before the kill is there exactly once, and the webhooks pending at the kill are
 * delivered. scripts/security-long.ts does the same with 20 kills.
 */

const seed = Number(process.env.SECURITY_SEED ?? Math.floor(Math.random() * 1_000_000_000));

describe(`crash (seed ${seed})`, () => {
  it("loses and doubles nothing across 3 SIGKILLs under load", async () => {
    const report = await runCrashScenario({
      databaseUrl: await createTestDatabase("crash"),
      kills: 3,
      clients: 8,
      loadMs: [400, 1_500],
      webhookWaitMs: 25_000,
      seed,
    });
    expect(report.violations).toEqual([]);
    expect(report.acknowledged.transactions).toBeGreaterThan(0);
    expect(report.webhooksDelivered).toBeGreaterThan(0);
  }, 170_000);
});
