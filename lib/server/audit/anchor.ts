import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ConsoleDatabase } from "../db/client";
import type { ChainProblem, ChainRow } from "./chain";

/**
 * The audit chain's anchor outside the database (issue 46, item 8; docs/decisions/0001-…): a key PostgreSQL never
 * holds keys every row the console writes (`mac`) and signs checkpoints of the chain's head, kept in a file. Someone
 * with the database alone can neither forge a row nor rewrite, truncate or recompute the chain unnoticed.
 */
export interface AuditKey {
  /** Keys each row's content. */
  readonly row: Buffer;
  /** Signs checkpoints: a different key, so a row's mac can never pass for a checkpoint's signature. */
  readonly checkpoint: Buffer;
}

const derive = (secret: string, label: string) =>
  Buffer.from(hkdfSync("sha256", secret, "", `console audit ${label} v1`, 32));

/**
 * The key from AUDIT_HMAC_KEY, else derived from AUTH_SECRET (HKDF, labels of its own): every console process of a
 * deployment already shares AUTH_SECRET, and neither is ever stored in PostgreSQL.
 */
export function auditKeyOf(source: {
  AUDIT_HMAC_KEY?: string | undefined;
  AUTH_SECRET?: string | undefined;
  [other: string]: unknown;
}): AuditKey | null {
  const secret = source.AUDIT_HMAC_KEY || source.AUTH_SECRET;
  if (!secret) return null;
  return { row: derive(secret, "row mac"), checkpoint: derive(secret, "checkpoint") } satisfies AuditKey;
}

/** JSON with object keys sorted at every depth: the same text for the same value, however it was built or stored. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What the console supplies for a row (the database adds the id, the time and the hashes). */
export interface KeyedContent {
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetId: string | null;
  outcome: string;
  upstreamStatus: number | null;
  requestId: string;
  clientRequestId: string | null;
  summary: unknown;
}

export function rowMac(key: AuditKey, content: KeyedContent): string {
  // The summary goes through JSON text first: what jsonb keeps of it (no undefined, no functions, dates as text).
  const summary = JSON.parse(JSON.stringify(content.summary ?? {})) as unknown;
  const text = canonicalJson([
    "audit-row-v1",
    content.actorId?.toLowerCase() ?? null,
    content.actorEmail,
    content.actorRole,
    content.action,
    content.targetId,
    content.outcome,
    content.upstreamStatus,
    content.requestId,
    content.clientRequestId,
    summary,
  ]);
  return createHmac("sha256", key.row).update(text, "utf8").digest("hex");
}

/** A row read back as the chain's text (lib/server/audit/verify.ts), as the content its mac was computed over. */
function keyedContentOf(row: ChainRow): KeyedContent {
  return {
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    targetId: row.targetId,
    outcome: row.outcome,
    upstreamStatus: row.upstreamStatus === null ? null : Number(row.upstreamStatus),
    requestId: row.requestId,
    clientRequestId: row.clientRequestId,
    summary: JSON.parse(row.summary) as unknown,
  };
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

// ----- Checkpoints -----------------------------------------------------------------------------------------------

/**
 * The chain's head at a moment, signed: the row it ended at, that row's hash, how many rows led up to it, and the
 * first row with a mac (from there on every row must have one: stripping every mac, which leaves the hashes as they
 * were, would otherwise let a forged row pass as one from before the key).
 */
export interface AuditCheckpoint {
  lastId: string;
  hash: string;
  rowCount: number;
  keyedFrom: string | null;
  at: string;
  sig: string;
}

const checkpointText = (c: Omit<AuditCheckpoint, "sig">) =>
  canonicalJson(["audit-checkpoint-v1", c.lastId, c.hash, c.rowCount, c.keyedFrom ?? null, c.at]);

function signCheckpoint(key: AuditKey, checkpoint: Omit<AuditCheckpoint, "sig">): AuditCheckpoint {
  const sig = createHmac("sha256", key.checkpoint).update(checkpointText(checkpoint), "utf8").digest("hex");
  return {
    lastId: checkpoint.lastId,
    hash: checkpoint.hash,
    rowCount: checkpoint.rowCount,
    keyedFrom: checkpoint.keyedFrom ?? null,
    at: checkpoint.at,
    sig,
  };
}

function checkpointSigned(key: AuditKey, checkpoint: AuditCheckpoint): boolean {
  return sameHex(signCheckpoint(key, checkpoint).sig, String(checkpoint.sig));
}

/** Where checkpoints are appended: AUDIT_CHECKPOINT_FILE, else `<DATA_DIR>/audit-checkpoints.jsonl`. */
export function auditCheckpointFile(source: NodeJS.ProcessEnv = process.env): string {
  // A file of the running platform, not of the build: the build's file tracing is told not to follow it.
  return path.resolve(
    /* turbopackIgnore: true */
    source.AUDIT_CHECKPOINT_FILE || path.join(source.DATA_DIR ?? ".data", "audit-checkpoints.jsonl"),
  );
}

/** The file's checkpoints in order, and the line numbers of lines that are not one (shown as problems). */
export function readCheckpoints(file: string): { checkpoints: AuditCheckpoint[]; unreadable: number[] } {
  if (!existsSync(file)) return { checkpoints: [], unreadable: [] };
  const checkpoints: AuditCheckpoint[] = [];
  const unreadable: number[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (!line.trim()) return;
      try {
        const parsed = JSON.parse(line) as AuditCheckpoint;
        if (
          typeof parsed.lastId === "string" &&
          /^\d+$/.test(parsed.lastId) &&
          typeof parsed.hash === "string" &&
          typeof parsed.rowCount === "number" &&
          (parsed.keyedFrom === undefined ||
            parsed.keyedFrom === null ||
            /^\d+$/.test(String(parsed.keyedFrom))) &&
          typeof parsed.at === "string" &&
          typeof parsed.sig === "string"
        ) {
          checkpoints.push({ ...parsed, keyedFrom: parsed.keyedFrom ?? null });
          return;
        }
      } catch {
        // Reported below.
      }
      unreadable.push(index + 1);
    });
  return { checkpoints, unreadable };
}

/**
 * Appends a signed checkpoint of the chain's head to `file`, unless the last one there already records it. Under an
 * advisory lock, so consoles sharing the database and the file do not write the same head twice (harmless if they
 * did). Nothing is written for an empty log. The head and the count come from one statement: one snapshot, and a
 * committed head means every row before it is committed (ids are drawn under the chain's lock, migration 0004).
 */
export async function writeAuditCheckpoint(
  db: ConsoleDatabase,
  key: AuditKey,
  file: string,
  now: () => Date = () => new Date(),
): Promise<AuditCheckpoint | null> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(hashtext('console-audit-checkpoint')) AS locked`,
    );
    if (!locked.rows[0]?.locked) return null;
    const head = await tx.execute<{ lastId: string; hash: string; rowCount: string }>(
      sql`SELECT h.last_id::text AS "lastId", h.hash,
            (SELECT count(*) FROM audit_events e WHERE e.id <= h.last_id)::text AS "rowCount"
          FROM audit_chain_head h WHERE h.singleton`,
    );
    const row = head.rows[0];
    if (!row) return null;
    const found = readCheckpoints(file).checkpoints.at(-1);
    // Only a line the key signed is taken as this file's last checkpoint (one edited in the file is ignored).
    const last = found && checkpointSigned(key, found) ? found : undefined;
    if (last && last.lastId === row.lastId && last.hash === row.hash && last.keyedFrom !== null) return last;
    let keyedFrom = last?.keyedFrom ?? null;
    if (keyedFrom === null) {
      const first = await tx.execute<{ id: string }>(
        sql`SELECT id::text AS id FROM audit_events WHERE mac IS NOT NULL AND id <= ${row.lastId}::bigint ORDER BY id LIMIT 1`,
      );
      keyedFrom = first.rows[0]?.id ?? null;
    }
    if (last && last.lastId === row.lastId && last.hash === row.hash && last.keyedFrom === keyedFrom)
      return last;
    const checkpoint = signCheckpoint(key, {
      lastId: row.lastId,
      hash: row.hash,
      rowCount: Number(row.rowCount),
      keyedFrom,
      at: now().toISOString(),
    });
    mkdirSync(path.dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
    return checkpoint;
  });
}

// ----- Checking ---------------------------------------------------------------------------------------------------

/** A row as verify reads it: the chain's text and the mac. */
export type AnchoredRow = ChainRow & { mac?: string | null };

/**
 * Checks, with the key, what the chain alone cannot: every keyed row's mac against its content, no unkeyed row
 * after keyed ones, and each checkpoint against the log (its row present, with its hash, and as many rows up to
 * it). Rows come in ascending id order, as ChainChecker takes them.
 */
export class AnchorChecker {
  readonly problems: ChainProblem[] = [];
  keyed = 0;
  notKeyed = 0;
  checkpointsChecked = 0;
  private seen = 0;
  private firstKeyed: string | null = null;
  /** The first keyed row the checkpoints recorded: every row from it on must have a mac. */
  private readonly keyedFrom: bigint | null;
  private readonly unkeyed: string[] = [];
  private readonly pending: AuditCheckpoint[];
  /** The latest failure of each kind of checkpoint problem: every five minutes makes many alike. */
  private readonly checkpointProblems = new Map<string, ChainProblem>();

  constructor(
    private readonly key: AuditKey,
    checkpoints: readonly AuditCheckpoint[],
    unreadable: readonly number[] = [],
    file = "the checkpoint file",
  ) {
    for (const line of unreadable) {
      this.problems.push({
        id: "0",
        kind: "checkpoint",
        message: `line ${line} of ${file} is not a checkpoint`,
      });
    }
    const signed: AuditCheckpoint[] = [];
    for (const checkpoint of checkpoints) {
      if (checkpointSigned(key, checkpoint)) signed.push(checkpoint);
      else
        this.problems.push({
          id: checkpoint.lastId,
          kind: "checkpoint",
          message: `the checkpoint at ${checkpoint.at} (row ${checkpoint.lastId}) in ${file} is not signed by the audit key: forged or altered`,
        });
    }
    this.pending = signed.sort((a, b) => (BigInt(a.lastId) < BigInt(b.lastId) ? -1 : 1));
    const recorded = signed.flatMap((c) => (c.keyedFrom === null ? [] : [BigInt(c.keyedFrom)]));
    this.keyedFrom = recorded.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0] ?? null;
  }

  check(row: AnchoredRow): void {
    const id = BigInt(row.id);
    // Checkpoints whose row should have come before this one: that row is gone.
    while (this.pending[0] && BigInt(this.pending[0].lastId) < id) this.missing(this.pending.shift());
    this.seen++;
    if (row.mac) {
      this.keyed++;
      this.firstKeyed ??= row.id;
      if (!sameHex(rowMac(this.key, keyedContentOf(row)), row.mac)) {
        this.problems.push({
          id: row.id,
          kind: "rewritten",
          message: `row ${row.id} was rewritten: its mac does not match`,
        });
      }
    } else if (this.firstKeyed !== null || (this.keyedFrom !== null && id >= this.keyedFrom)) {
      this.unkeyed.push(row.id);
    } else {
      this.notKeyed++;
    }
    while (this.pending[0] && BigInt(this.pending[0].lastId) === id) {
      const checkpoint = this.pending.shift() as AuditCheckpoint;
      this.checkpointsChecked++;
      if (checkpoint.hash !== row.hash) {
        this.checkpointProblem("recomputed", {
          id: row.id,
          kind: "recomputed",
          message: `hashes recomputed: row ${row.id}'s hash differs from the checkpoint at ${checkpoint.at}`,
        });
      } else if (checkpoint.rowCount !== this.seen) {
        this.checkpointProblem("count", {
          id: row.id,
          kind: "removed",
          message: `rows removed: the checkpoint at ${checkpoint.at} recorded ${checkpoint.rowCount} rows up to row ${row.id}, the log holds ${this.seen}`,
        });
      }
    }
  }

  finish(): void {
    while (this.pending.length > 0) this.missing(this.pending.shift());
    const [first, ...more] = this.unkeyed;
    if (first !== undefined) {
      const from = this.keyedFrom !== null ? this.keyedFrom.toString() : this.firstKeyed;
      const shown = [first, ...more.slice(0, 4)].join(", ");
      this.problems.push({
        id: first,
        kind: "rewritten",
        message:
          more.length === 0
            ? `row ${first} has no mac, though rows from ${from} on are keyed: it was written or rewritten without the audit key`
            : `${more.length + 1} rows have no mac (rows ${shown}${more.length > 4 ? ", …" : ""}), though rows from ${from} on are keyed: written or rewritten without the audit key`,
      });
    }
    this.problems.push(...this.checkpointProblems.values());
  }

  private missing(checkpoint: AuditCheckpoint | undefined): void {
    if (!checkpoint) return;
    this.checkpointsChecked++;
    const at = `checkpoint at ${checkpoint.at}`;
    if (this.seen === 0) {
      this.checkpointProblem("truncated", {
        id: checkpoint.lastId,
        kind: "truncated",
        message: `rows 1–${checkpoint.lastId} removed (truncation): ${at} recorded ${checkpoint.rowCount} rows, the log holds none of them`,
      });
      return;
    }
    const lost = checkpoint.rowCount - this.seen;
    this.checkpointProblem("head", {
      id: checkpoint.lastId,
      kind: "truncated",
      message: `the head row ${checkpoint.lastId} recorded by the ${at} is gone${lost > 0 ? ` (${lost} of the ${checkpoint.rowCount} rows it recorded are missing)` : ""}`,
    });
  }

  private checkpointProblem(kind: string, problem: ChainProblem): void {
    this.checkpointProblems.set(kind, problem);
  }
}
