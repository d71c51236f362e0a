/**
 * How many of the approval queue's cards are drawn at first, and how many more at a time as the person scrolls:
 * several screens' worth, and quick to draw. Drawing every card of a queue of hundreds at once kept the page from
 * being usable for seconds (docs/BENCHMARKS.md, time until usable).
 */
export const QUEUE_BATCH = 50;

/** The smallest whole number of batches that holds `count` cards. */
export function batchesFor(count: number): number {
  return Math.max(1, Math.ceil(count / QUEUE_BATCH)) * QUEUE_BATCH;
}
