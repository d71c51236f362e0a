// npm run screening:evaluate -- [--pairs FILE] [--positives FILE] [--negatives FILE] [--lists DIR]
// Measures the screening engine on labelled sets (defaults: data/screening): name pairs, UN positives, negatives,
// names in original script, and index build time, latency and memory at 100,000+ indexed names.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import {
  evaluateNegatives,
  evaluateOriginalScript,
  evaluatePairs,
  evaluatePositives,
  percentile,
  readPairs,
  readPeople,
  syntheticEntries,
} from "../lib/server/screening/evaluate";
import { loadListsFromDir } from "../lib/server/screening/load";
import { ALERT_THRESHOLD, buildIndex, screen } from "../lib/server/screening/matcher";

const root = path.resolve(import.meta.dirname, "..", "data", "screening");
const { values } = parseArgs({
  options: {
    pairs: { type: "string", default: path.join(root, "eval", "name-pairs.csv") },
    positives: { type: "string", default: path.join(root, "eval", "positives-un.csv") },
    negatives: { type: "string", default: path.join(root, "eval", "negatives-sample.csv") },
    lists: { type: "string", default: path.join(root, "lists") },
  },
});

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

const loads = await loadListsFromDir(values.lists);
for (const l of loads) {
  const v = l.version;
  console.log(
    `list ${v.listId} (${v.source}) issued ${v.issuedOn ?? "undated"}: ${v.counts.entries} entries, ${v.counts.names} names, ${v.parseErrors.length} parse errors, sha256 ${v.contentHash.slice(0, 12)}`,
  );
}

const pairs = evaluatePairs(readPairs(values.pairs));
console.log(`\nname pairs (${pairs.total}) at threshold ${ALERT_THRESHOLD}:`);
console.log(
  `  precision ${pairs.precision.toFixed(3)}  recall ${pairs.recall.toFixed(3)}  F1 ${pairs.f1.toFixed(3)}  (tp ${pairs.tp}, fp ${pairs.fp}, fn ${pairs.fn}, tn ${pairs.tn})`,
);
console.log(`  STRONG pairs right: ${pairs.strong - pairs.strongWrong.length}/${pairs.strong}`);
for (const w of pairs.strongWrong)
  console.log(`    wrong: ${w.name1} | ${w.name2} (match ${w.isMatch}, score ${w.score})`);

const t0 = performance.now();
const index = buildIndex(loads);
console.log(
  `\nindex of real lists: ${index.nameCount} names, built in ${(performance.now() - t0).toFixed(0)} ms`,
);

const positives = evaluatePositives(index, readPeople(values.positives));
console.log(
  `UN positives: ${positives.alerted}/${positives.withOwnEntry} alert on their own UN entry in the top 3 (${pct(positives.share)}); ${positives.total - positives.withOwnEntry} rows had no UN entry of that name`,
);
for (const m of positives.missed.slice(0, 10)) console.log(`    missed: ${m}`);

const negativeRows = readPeople(values.negatives);
const negatives = evaluateNegatives(index, negativeRows);
console.log(
  `negatives (${negatives.total}): ${pct(negatives.withDetailsShare)} alert with date of birth and nationality (${negatives.withDetails}); name only ${pct(negatives.nameOnlyShare)} (${negatives.nameOnly})`,
);
for (const a of negatives.alerts.slice(0, 10)) console.log(`    alert: ${a}`);

const original = evaluateOriginalScript(loads);
console.log(
  `original script top-1: ${original.top1}/${original.total} (${pct(original.share)}) ${Object.entries(
    original.byScript,
  )
    .map(([s, v]) => `${s} ${v.top1}/${v.total}`)
    .join(", ")}`,
);

// Scale: the real lists plus synthetic people to pass 100,000 indexed names.
const synthetic = syntheticEntries(loads, Math.max(0, 100_000 - index.nameCount + 1_000));
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const t1 = performance.now();
const big = buildIndex([
  ...loads,
  {
    version: { ...(loads[0]?.version ?? ({} as never)), listId: "eu-fsf", source: "synthetic" },
    entries: synthetic,
  },
]);
const buildMs = performance.now() - t1;
globalThis.gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
const queries = [...negativeRows.slice(0, 2_000), ...readPeople(values.positives)];
const times: number[] = [];
for (const q of queries) {
  const s = performance.now();
  screen(big, {
    name: q.fullName,
    kind: "person",
    dateOfBirth: q.dateOfBirth || undefined,
    nationality: q.nationality || undefined,
  });
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
console.log(
  `\nscale: ${big.nameCount} names indexed in ${(buildMs / 1000).toFixed(2)} s, index memory ≈ ${heapMb.toFixed(0)} MB (heap growth${globalThis.gc ? "" : ", without forced GC"})`,
);
console.log(
  `latency per counterparty over ${times.length} queries: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
);
