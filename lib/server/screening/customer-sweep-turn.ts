import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Environment } from "../../universal/auth/permissions";
import { getConsoleDatabase } from "../db";
import { env } from "../env";
import { environmentSettings } from "../environments/settings";

/**
 * The customer sweep's turn, shared by every console on one database (console_settings, one row per environment and
 * platform credential): where the last sweep ended, on the API's clock, and which console sweeps now, until when. A
 * console that starts reads on from where the last sweep of any console ended, not every customer again; two consoles
 * never sweep one environment at once, so one customer is not screened twice by both. A console that stops mid-sweep
 * leaves its turn to lapse (LEASE_SECONDS, renewed after each page); the mark then is where it was.
 */

/** This process, as the holder of a turn. */
const HOLDER = randomUUID();
const LEASE_SECONDS = 300;

/**
 * The row's key: the environment and the API and credential it reads, so a console pointed at another payment API or
 * platform starts from nothing there instead of from a mark on another's clock.
 */
function turnKey(environment: Environment): string {
  const settings = environmentSettings(env(), environment);
  const platform = createHash("sha256")
    .update(`${env().PAYMENT_API_BASE_URL}\n${settings.tokenId}`)
    .digest("hex")
    .slice(0, 16);
  return `customer-sweep:${environment}:${platform}`;
}

export interface SweepTurn {
  environment: Environment;
  /** Where the last sweep ended (the newest updatedAt it read, less its overlap); null: never swept. */
  since: Date | null;
}

const lease = sql`to_jsonb(now() + make_interval(secs => ${LEASE_SECONDS}))`;

/** The environment's turn for this console, or null while another console holds it. */
export async function takeSweepTurn(environment: Environment): Promise<SweepTurn | null> {
  const key = turnKey(environment);
  const { rows } = await getConsoleDatabase().execute<{ since: string | null }>(sql`
    insert into console_settings (key, value, updated_by)
    values (${key}, jsonb_build_object('sweptUntil', null, 'holder', ${HOLDER}::text, 'leasedUntil', ${lease}), 'console')
    on conflict (key) do update
      set value = console_settings.value || jsonb_build_object('holder', ${HOLDER}::text, 'leasedUntil', ${lease}),
          updated_at = now()
      where console_settings.value->>'holder' is null
         or console_settings.value->>'holder' = ${HOLDER}
         or (console_settings.value->>'leasedUntil')::timestamptz < now()
    returning value->>'sweptUntil' as since`);
  const [row] = rows;
  if (!row) return null;
  return { environment, since: row.since ? new Date(row.since) : null };
}

/** Keeps the turn for another lease; false when it lapsed and another console took it (stop sweeping). */
export async function renewSweepTurn(turn: SweepTurn): Promise<boolean> {
  const { rows } = await getConsoleDatabase().execute(sql`
    update console_settings
      set value = value || jsonb_build_object('leasedUntil', ${lease}), updated_at = now()
      where key = ${turnKey(turn.environment)} and value->>'holder' = ${HOLDER}
    returning 1`);
  return rows.length > 0;
}

/** Gives the turn up, moving the mark to `sweptUntil` when the sweep read to the end (undefined: leaves it). */
export async function endSweepTurn(turn: SweepTurn, sweptUntil: Date | undefined): Promise<void> {
  const mark = sweptUntil ? sql`, 'sweptUntil', ${sweptUntil.toISOString()}::text` : sql``;
  await getConsoleDatabase().execute(sql`
    update console_settings
      set value = value || jsonb_build_object('holder', null, 'leasedUntil', null${mark}), updated_at = now()
      where key = ${turnKey(turn.environment)} and value->>'holder' = ${HOLDER}`);
}

/**
 * Whether a sweep of `environment` has read every customer to the end (its mark is set) and none is reading now: then
 * every customer the API listed at the end of the last sweep has had its name read into customer_name_words
 * (migration 0025 cleared the marks, so this holds from the first sweep that read with it). While a sweep reads, the
 * customers it has yet to reach (a bulk import's thousands) may be missing.
 */
export async function sweptToTheEnd(environment: Environment): Promise<boolean> {
  const { rows } = await getConsoleDatabase().execute<{ since: string | null; sweeping: boolean }>(sql`
    select value->>'sweptUntil' as since,
           coalesce(value->>'holder' is not null and (value->>'leasedUntil')::timestamptz > now(), false) as sweeping
      from console_settings where key = ${turnKey(environment)}`);
  const [row] = rows;
  return Boolean(row?.since) && row?.sweeping !== true;
}
