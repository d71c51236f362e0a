import type pg from "pg";

/** Schemas whose every table the digest covers: the service's data and its job queue. */
const SCHEMAS = ["public", "graphile_worker"];

export type DatabaseDigest = Map<string, string>;

/**
 * A fingerprint of every table: its row count and a hash of its full contents (so an UPDATE of a balance shows,
 * not only an INSERT). Meant for small test databases: it reads every row.
 */
export async function databaseDigest(pool: pg.Pool): Promise<DatabaseDigest> {
  const tables = await pool.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname = any($1::text[]) order by 1`,
    [SCHEMAS],
  );
  if (tables.rows.length === 0) return new Map();
  const query = tables.rows
    .map(
      ({ name }) =>
        `select ${sqlLiteral(name)} as name, count(*)::text || ':' ||
           coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') as digest from ${name} t`,
    )
    .join(" union all ");
  const result = await pool.query<{ name: string; digest: string }>(query);
  return new Map(result.rows.map((row) => [row.name, row.digest]));
}

function sqlLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The tables whose contents differ between two digests. */
export function changedTables(before: DatabaseDigest, after: DatabaseDigest): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
