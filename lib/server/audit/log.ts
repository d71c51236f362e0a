import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { Role } from "../../universal/auth/permissions";
import { storableString, toStorable } from "../../universal/text/storable";
import { getConsoleDatabase } from "../db";
import { type AuditOutcome, auditEvents } from "../db/schema";
import { env } from "../env";
import { log } from "../log/logger";
import { type AuditKey, auditKeyOf, type KeyedContent, rowMac } from "./anchor";

export interface AuditEntry {
  actor: { id: string; email: string; role: Role } | null;
  action: string;
  targetId?: string | null;
  outcome: AuditOutcome;
  upstreamStatus?: number | null;
  requestId: string;
  /** An X-Request-Id the client sent: kept, marked as the client's, never taken for the console's own id. */
  clientRequestId?: string | null;
  summary?: Record<string, unknown>;
}

/** What a caller gets when the log cannot be written: the action must not go ahead. */
const auditUnavailable = () =>
  new ApiError(
    503,
    "AUDIT_UNAVAILABLE",
    "The console cannot record this action in its audit log right now, so it did not do it. Try again shortly.",
  );

let cachedKey: AuditKey | null | undefined;

/** The console's audit key: AUDIT_HMAC_KEY, else derived from AUTH_SECRET (lib/server/audit/anchor.ts). */
export function consoleAuditKey(): AuditKey | null {
  if (cachedKey === undefined) {
    // Read as the rest of the configuration is; a process given its database directly (tests) keys with what it has.
    let source: Parameters<typeof auditKeyOf>[0];
    try {
      source = env();
    } catch {
      source = process.env;
    }
    cachedKey = auditKeyOf(source);
  }
  return cachedKey;
}

/**
 * The row's content with its mac under a key PostgreSQL never sees: a row forged or rewritten in the database alone
 * is named by `npm run audit:verify` (lib/server/audit/anchor.ts).
 */
function withMac<T extends KeyedContent>(content: T): T & { mac: string | null } {
  const key = consoleAuditKey();
  return { ...content, mac: key ? rowMac(key, content) : null };
}

/**
 * Appends one row to the audit log (the database chains it: migration 0004). Text is made storable first, so no
 * value copied into a summary (a reason, a name, a field someone sent) can make the insert fail. A failure to write
 * throws: an attempt that is not recorded must not be acted on (`auditUnavailable`).
 */
export async function writeAudit(entry: AuditEntry): Promise<void> {
  const text = (value: string | null | undefined) => (value == null ? null : storableString(value));
  try {
    await getConsoleDatabase()
      .insert(auditEvents)
      .values(
        withMac({
          actorId: entry.actor?.id ?? null,
          actorEmail: text(entry.actor?.email),
          actorRole: entry.actor?.role ?? null,
          action: storableString(entry.action),
          targetId: text(entry.targetId),
          outcome: entry.outcome,
          upstreamStatus: entry.upstreamStatus ?? null,
          requestId: storableString(entry.requestId),
          clientRequestId: text(entry.clientRequestId),
          summary: toStorable(entry.summary ?? {}),
        }),
      );
    markAuditTrail(entry);
  } catch (error) {
    log.error("audit", "could not record an entry", {
      requestId: entry.requestId,
      action: entry.action,
      outcome: entry.outcome,
      error,
    });
    throw auditUnavailable();
  }
}

/**
 * Records an outcome after the action: by then the action happened (or was refused) and its answer must still
 * reach the person, so a failure here is logged, not thrown. The attempt row already names the action; an attempt
 * without an outcome shows as such in the log.
 */
export async function writeAuditOutcome(entry: AuditEntry): Promise<void> {
  try {
    await writeAudit(entry);
  } catch {
    // writeAudit has logged it.
  }
}

export type AuditedAction = Omit<AuditEntry, "outcome" | "upstreamStatus">;

/** What the audit log holds so far for one request being answered: its attempt, its outcome. */
interface AuditTrail {
  attempted: boolean;
  concluded: boolean;
}

// One per process, on globalThis: Next.js's bundle and the console server (server.ts) each load their own copy of
// this module, and a row written through either copy must mark the request's trail.
const TRAILS = Symbol.for("payments-console.audit-trails");
const trailHolder = globalThis as typeof globalThis & { [TRAILS]?: Map<string, AuditTrail> };
trailHolder[TRAILS] ??= new Map<string, AuditTrail>();
const trails = trailHolder[TRAILS];

function markAuditTrail(entry: AuditEntry): void {
  const trail = trails.get(entry.requestId);
  if (!trail) return;
  if (entry.outcome === "attempted") trail.attempted = true;
  else trail.concluded = true;
}

/**
 * Starts following what a mutation's request writes to the audit log (every row under its request id, whoever
 * writes it: auditedAction, the relay's audit step), so that `closeAuditTrail` can tell what is missing. Each
 * open trail must be closed.
 */
export function openAuditTrail(requestId: string): void {
  trails.set(requestId, { attempted: false, concluded: false });
}

/**
 * One rule for every mutation that reaches an identified route (issue 46 item 13): it has an attempt row and an
 * outcome row under its request id, whatever refused it. Closes the request's trail; when the request ended in an
 * error (`failure`: below 500 refused, else failed), writes what the log still lacks, the attempt and the outcome
 * or the outcome alone, never a second of either. A refusal by the body's validation or by the handler's own
 * checks (another person's saved view) thus leaves the same two rows as one refused inside auditedAction.
 */
export async function closeAuditTrail(
  requestId: string,
  failure?: { entry: AuditedAction; status: number; code: string },
): Promise<void> {
  const trail = trails.get(requestId);
  trails.delete(requestId);
  if (!trail || !failure || trail.concluded) return;
  const entry = { ...failure.entry, summary: { ...failure.entry.summary, reason: failure.code } };
  // Nothing more is done for the request whether or not these can be written (a failure is logged).
  if (!trail.attempted) await writeAuditOutcome({ ...entry, outcome: "attempted" });
  await writeAuditOutcome({ ...entry, outcome: failure.status < 500 ? "refused" : "failed" });
}

/**
 * A change the console makes itself (team, passwords): the attempt is recorded before `act` runs (503 and nothing
 * done if it cannot be), then the outcome: allowed, refused with the code of a ApiError below 500, or failed.
 * `detailsOf` adds what only the result knows (the target's id, the changes made).
 */
export async function auditedAction<T>(
  entry: AuditedAction,
  act: () => Promise<T>,
  detailsOf?: (result: T) => Partial<Pick<AuditEntry, "targetId" | "summary">>,
): Promise<T> {
  await writeAudit({ ...entry, outcome: "attempted" });
  let result: T;
  try {
    result = await act();
  } catch (error) {
    const refused = error instanceof ApiError && error.status < 500;
    await writeAuditOutcome({
      ...entry,
      outcome: refused ? "refused" : "failed",
      summary: {
        ...entry.summary,
        reason: error instanceof ApiError ? error.code : "INTERNAL_ERROR",
      },
    });
    throw error;
  }
  const described = detailsOf?.(result) ?? {};
  await writeAuditOutcome({
    ...entry,
    ...described,
    summary: { ...entry.summary, ...described.summary },
    outcome: "allowed",
  });
  return result;
}
