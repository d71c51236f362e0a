import { Clock } from "../clock";
import type { ServiceContext } from "../context";

/**
 * The clock of a history replay: its now() is the replay's time, which only moves forward, in memory. Nothing is
 * written to the service's stored clock offset, so the running service's time is untouched by the replay.
 */
export class ReplayClock extends Clock {
  private at: number;

  constructor(db: ServiceContext["db"], start: Date) {
    super(db);
    this.at = start.getTime();
  }

  override now(): Date {
    return new Date(this.at);
  }

  override get offset(): number {
    return 0;
  }

  /** The replay's time is its own: there is no stored offset to read. */
  override async refresh(): Promise<void> {}

  override async advance(ms: number): Promise<Date> {
    this.at += Math.max(0, ms);
    return this.now();
  }

  /** Moves to `time`, or stays where it is if `time` has passed already (time never goes back). */
  moveTo(time: Date): Date {
    this.at = Math.max(this.at, time.getTime());
    return this.now();
  }
}

/** A copy of the service's context whose clock is a replay clock starting at `start`. */
export function replayContext(context: ServiceContext, start: Date): ServiceContext & { clock: ReplayClock } {
  return { ...context, clock: new ReplayClock(context.db, start) };
}
