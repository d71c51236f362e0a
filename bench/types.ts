import type { Stack } from "./support/stack";

export interface BenchContext {
  /** Smaller sizes and shorter runs: a smoke test of the benchmarks, not figures to publish. */
  quick: boolean;
  /** Replaced when the run restarts the programs (same data) between benchmarks. */
  stack: Stack;
  log: (line: string) => void;
}
