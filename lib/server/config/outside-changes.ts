import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { type ConfigSettings, diffConfig } from "../../universal/config/diff";
import { writeAudit } from "../audit/log";
import { oneAtATimeAcrossConsoles } from "../db/one-at-a-time";
import { auditEvents, consoleSettings } from "../db/schema";
import { env } from "../env";
import { currentEnvironment } from "../environments/current";
import { log } from "../log/logger";
import { readConfigSettings } from "./snapshot";

/** The audit action of a configuration change the console noticed but did not make (issue 46 item 3). */
export const OUTSIDE_CHANGE_ACTION = "config.changed_outside";

// A console change whose outcome is not recorded yet may be what the API holds now: no verdict while one is this new.
const IN_FLIGHT_MS = 60_000;

const seenKey = (environment: string) => `config-seen:${environment}`;

const isSettings = (value: unknown): value is ConfigSettings =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ConfigSettings).webhookEndpoint === "string" &&
  typeof (value as ConfigSettings).umaDomain === "string" &&
  Array.isArray((value as ConfigSettings).supportedCurrencies);

/**
 * Changes made at the API, not through this console (a token used directly), would otherwise never show: when the
 * configuration's history is read, the configuration is read from the API once and compared with the last one the
 * console itself applied (its latest accepted change's `after`) or saw (the snapshot kept here on every read),
 * whichever is newer. A difference is recorded in the audit log as `config.changed_outside` (no person; the
 * configuration before and after, as the history shows it) when it is noticed. Never fails the history's read.
 */
export async function noticeOutsideChanges(requestId: string): Promise<void> {
  try {
    const current = await readConfigSettings(requestId);
    if (!current) return;
    const environment = currentEnvironment();
    const key = seenKey(environment);
    // One reader at a time compares and moves the snapshot, so one outside change is recorded once.
    await oneAtATimeAcrossConsoles(key, async (tx) => {
      const thisEnvironment = sql`coalesce(${auditEvents.summary}->>'environment', ${env().PAYMENT_API_ENVIRONMENT}) = ${environment}`;
      const [inFlight] = await tx
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, "config.update"),
            eq(auditEvents.outcome, "attempted"),
            gt(auditEvents.occurredAt, new Date(Date.now() - IN_FLIGHT_MS)),
            thisEnvironment,
            sql`not exists (select 1 from audit_events o where o.request_id = ${auditEvents.requestId} and o.action = 'config.update' and o.outcome <> 'attempted')`,
          ),
        )
        .limit(1);
      if (inFlight) return;
      const [seen] = await tx.select().from(consoleSettings).where(eq(consoleSettings.key, key));
      const [applied] = await tx
        .select({ occurredAt: auditEvents.occurredAt, summary: auditEvents.summary })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, "config.update"),
            eq(auditEvents.outcome, "allowed"),
            sql`${auditEvents.summary}->>'fourEyes' is distinct from 'proposed'`,
            thisEnvironment,
          ),
        )
        .orderBy(desc(auditEvents.id))
        .limit(1);
      const seenSettings = isSettings(seen?.value.settings) ? seen.value.settings : null;
      const appliedNewer = applied && (!seen || applied.occurredAt > seen.updatedAt);
      // The console's own latest change is the baseline when it is newer than the last read; without its `after`
      // (the API's answer could not be read) there is nothing to compare, only the snapshot to renew.
      const baseline = appliedNewer
        ? isSettings(applied.summary.after)
          ? applied.summary.after
          : null
        : seenSettings;
      if (baseline && diffConfig(baseline, current).length > 0) {
        await writeAudit({
          actor: null,
          action: OUTSIDE_CHANGE_ACTION,
          targetId: null,
          outcome: "allowed",
          requestId,
          summary: {
            environment,
            outside: true,
            before: baseline,
            after: current,
            noticedAt: new Date().toISOString(),
          },
        });
      }
      const now = new Date();
      await tx
        .insert(consoleSettings)
        .values({ key, value: { settings: current }, updatedBy: "console", updatedAt: now })
        .onConflictDoUpdate({
          target: consoleSettings.key,
          set: { value: { settings: current }, updatedAt: now },
        });
    });
  } catch (error) {
    log.warn("config", "could not check the configuration for changes made outside the console", {
      requestId,
      error,
    });
  }
}
