import pg from "pg";
import { consoleEnv, databaseUrl } from "./support/secrets";
import { median } from "./support/stats";
import type { BenchContext } from "./types";

/**
 * The search of customers older than the newest 2,000 (lib/server/names/older-customers.ts, decision 0095): the
 * console's own query over the words its sweep keeps, at 10,000 and then 1,000,000 customers' words. A picker asks it
 * as a person types, so every search is held to 100 ms at the larger size.
 */
export const OLDER_SEARCH_TARGET_MS = 100;

/** Searches as people type them, from the rarest to a word every customer has. */
const SEARCHES = [
  { text: "user5000", what: "a UMA address's own word (it begins 1 customer's at 10,000, 111 at 1,000,000)" },
  { text: "$user5000@uma.money", what: "a whole UMA address" },
  { text: "last1234", what: "a surname (one customer in 5,000)" },
  { text: "first200 last0", what: "a given name and a surname (customer 5,000's; one customer in 15,000)" },
  { text: "first123", what: "a given name (one customer in 300)" },
  { text: "first1", what: "the beginning of a given name (111 of 300 begin so)" },
  { text: "money", what: "a word of every customer's UMA domain" },
  { text: "la", what: "two letters (every surname)" },
] as const;

export interface OlderSearchRow {
  text: string;
  what: string;
  /** Median ms at each size. */
  small: number;
  large: number;
  /** Ids found at the larger size (at most 100), and whether the answer said there were more or they were not looked for. */
  found: number;
  more: boolean;
}

export interface OlderSearchResult {
  sizes: { small: number; large: number };
  runs: number;
  seedSeconds: { small: number; large: number };
  rows: OlderSearchRow[];
}

/** Rows of the benchmark's own, in the environment the bench's console does not use, so its searches never see them. */
const ENVIRONMENT = "production";
const PREFIX = "Customer:bench-older-";

/**
 * Customers `from`..`to` (1-based), six words each, as the sweep keeps them: a given name of 300, a surname of 5,000,
 * the UMA address's own word, the UMA domain's two words, and the platform's id. One a second older than the last.
 */
async function seed(client: pg.Client, from: number, to: number): Promise<void> {
  await client.query(
    `insert into customer_name_words (environment, customer_id, word, customer_created_at)
     select $1, $2 || i, w, timestamptz '2026-01-01' - make_interval(secs => i)
       from generate_series($3::int, $4::int) i,
       lateral (values ('first' || (i % 300)), ('last' || ((i::bigint * 7919) % 5000)), ('user' || i),
                       ('uma'), ('money'), ('pc' || i)) v(w)`,
    [ENVIRONMENT, PREFIX, from, to],
  );
  await client.query("vacuum analyze customer_name_words");
}

async function measure(runs: number): Promise<Map<string, { ms: number; found: number; more: boolean }>> {
  const { olderIdsNamed } = await import("../lib/server/names/older-customers");
  const { runInEnvironment } = await import("../lib/server/environments/current");
  const search = (text: string) => runInEnvironment(ENVIRONMENT, () => olderIdsNamed(text, null, 100));
  for (let round = 0; round < 10; round++) for (const { text } of SEARCHES) await search(text);
  const samples = new Map<string, number[]>(SEARCHES.map(({ text }) => [text, []]));
  const answers = new Map<string, { found: number; more: boolean }>();
  for (let round = 0; round < runs; round++) {
    for (const { text } of SEARCHES) {
      const started = performance.now();
      const answer = await search(text);
      samples.get(text)?.push(performance.now() - started);
      answers.set(text, { found: answer?.ids.length ?? 0, more: answer?.more ?? false });
    }
  }
  return new Map(
    SEARCHES.map(({ text }) => [
      text,
      { ms: median(samples.get(text) ?? []), ...(answers.get(text) ?? { found: 0, more: false }) },
    ]),
  );
}

export async function runOlderSearch({ quick, log }: BenchContext): Promise<OlderSearchResult> {
  const small = quick ? 2_000 : 10_000;
  const large = quick ? 100_000 : 1_000_000;
  const runs = quick ? 11 : 51;
  // The console's code reads its settings from the environment; they are taken away again at the end, so that a
  // stack the run starts later (bench/support/stack.ts) is not told to use this database or service.
  const settings = consoleEnv();
  const before = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  const client = new pg.Client({ connectionString: databaseUrl("console") });
  await client.connect();
  try {
    await client.query("delete from customer_name_words where environment = $1 and customer_id like $2", [
      ENVIRONMENT,
      `${PREFIX}%`,
    ]);
    let started = performance.now();
    await seed(client, 1, small);
    const smallSeconds = (performance.now() - started) / 1000;
    const atSmall = await measure(runs);
    log(`older: measured at ${small.toLocaleString("en-US")} customers`);
    started = performance.now();
    await seed(client, small + 1, large);
    const largeSeconds = (performance.now() - started) / 1000;
    const atLarge = await measure(runs);
    log(`older: measured at ${large.toLocaleString("en-US")} customers`);
    return {
      sizes: { small, large },
      runs,
      seedSeconds: { small: smallSeconds, large: largeSeconds },
      rows: SEARCHES.map(({ text, what }) => ({
        text,
        what,
        small: atSmall.get(text)?.ms ?? Number.NaN,
        large: atLarge.get(text)?.ms ?? Number.NaN,
        found: atLarge.get(text)?.found ?? 0,
        more: atLarge.get(text)?.more ?? false,
      })),
    };
  } finally {
    await client.query("delete from customer_name_words where environment = $1 and customer_id like $2", [
      ENVIRONMENT,
      `${PREFIX}%`,
    ]);
    await client.end();
    const { closeConsoleDatabase } = await import("../lib/server/db");
    await closeConsoleDatabase();
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
