import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Clock } from "./clock";
import { createServiceDatabase, type ServiceDatabase } from "./db/client";
import { migrateServiceDatabase } from "./db/migrate";
import { resetServiceData } from "./db/reset";
import { createTestDatabase } from "./test-support/database";

let db: ServiceDatabase;

beforeAll(async () => {
  const url = await createTestDatabase("service_clock");
  await migrateServiceDatabase(url);
  db = createServiceDatabase(url, { max: 4 });
});

afterAll(async () => {
  await db.pool.end();
});

/** A clock whose reads of the stored offset are answered only when the test lets them (the read itself is real). */
class HeldReads extends Clock {
  private answers: (() => void)[] = [];
  private onHeld: (() => void) | undefined;
  protected override async read(): Promise<number> {
    const offset = await super.read();
    this.onHeld?.();
    await new Promise<void>((resolve) => this.answers.push(resolve));
    return offset;
  }
  /** Resolves once a read has read the stored offset and waits to answer. */
  readHeld(): Promise<void> {
    return new Promise((resolve) => {
      this.onHeld = resolve;
    });
  }
  answerReads(): void {
    for (const answer of this.answers.splice(0)) answer();
  }
}

describe("Clock", () => {
  it("keeps a move when a read begun before it answers after it (a webhook delivery refreshing as time moves)", async () => {
    await resetServiceData(db);
    const clock = new HeldReads(db);
    const held = clock.readHeld();
    const refreshed = clock.refresh();
    // The read has the offset from before the move; the move is then made, and the read answers after it.
    await held;
    await clock.advance(31_000);
    expect(clock.offset).toBe(31_000);
    clock.answerReads();
    await refreshed;
    expect(clock.offset).toBe(31_000);
  });

  it("sees a move made through another instance, and a reset, at its next read", async () => {
    await resetServiceData(db);
    const clock = new Clock(db);
    const other = new Clock(db);
    await other.advance(60_000);
    expect(clock.offset).toBe(0);
    await clock.refresh();
    expect(clock.offset).toBe(60_000);
    await resetServiceData(db);
    await clock.refresh();
    expect(clock.offset).toBe(0);
  });
});
