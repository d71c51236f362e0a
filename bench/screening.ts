import { execFileSync } from "node:child_process";
import path from "node:path";
import { ROOT } from "./support/stack";

/** What the screening benchmark printed: the evaluation's figures, as lines. */
export interface ScreeningResult {
  lines: string[];
}

/**
 * Screening quality and speed (issue 48): `npm run screening:evaluate` on the shipped lists and labelled sets —
 * precision, recall and F1 on name pairs, UN positives in the top 3, negatives that alert, names in original script,
 * and latency, index build time and memory at 100,000+ indexed names. In process: it needs no running stack.
 */
export function runScreening(log: (line: string) => void): ScreeningResult {
  const output = execFileSync(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      "--import",
      "./scripts/lib/server-only-condition.mjs",
      path.join("scripts", "screening-evaluate.ts"),
    ],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 16 * 1024 * 1024, timeout: 20 * 60_000 },
  );
  const lines = output.split("\n").filter((line) => line.trim() !== "");
  for (const line of lines) log(`screening: ${line}`);
  return { lines };
}
