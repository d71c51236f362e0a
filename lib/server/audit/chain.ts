import "server-only";
import { createHash } from "node:crypto";
import type { ChainRow } from "../../universal/audit/chain-row";

export type { ChainRow };

/**
 * The audit log's hash chain, computed as the database's trigger computes it (migration 0004_audit_chain.sql):
 * SHA-256 over the previous row's hash followed by every field as `<length>:<text>` (null as empty text). One
 * definition here serves `npm run audit:verify`, on the database and on an exported CSV copy.
 */
export const GENESIS_HASH = "0".repeat(64);

// PostgreSQL's length() counts characters (code points), not UTF-16 units.
const field = (value: string | null) => `${[...(value ?? "")].length}:${value ?? ""}`;

export function chainHash(prevHash: string, row: Omit<ChainRow, "prevHash" | "hash">): string {
  const text =
    prevHash +
    field(row.id) +
    field(row.occurredAt) +
    field(row.actorId) +
    field(row.actorEmail) +
    field(row.actorRole) +
    field(row.action) +
    field(row.targetId) +
    field(row.outcome) +
    field(row.upstreamStatus) +
    field(row.requestId) +
    field(row.clientRequestId) +
    field(row.summary);
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export interface ChainProblem {
  /** The row named (for a removal: the first row after the gap). */
  id: string;
  /** `rewritten`, `recomputed` and `checkpoint` come from the anchor's checks, with the key (lib/server/audit/anchor.ts). */
  kind: "changed" | "removed" | "truncated" | "rewritten" | "recomputed" | "checkpoint";
  message: string;
}

/**
 * Checks rows in ascending id order, carrying state across batches: each row's hash must match its fields and its
 * `prevHash` the row before it. Ids come from one sequence under the chain's lock, so a gap in them beside a broken
 * link names the removed ids.
 */
export class ChainChecker {
  readonly problems: ChainProblem[] = [];
  /** Rows of a copy whose contents were withheld from the reader's role: linked, but their hash not recomputable. */
  readonly withheld: { id: string; fields: readonly string[] }[] = [];
  rows = 0;
  private previous: ChainRow | null = null;

  constructor(private readonly contiguous: boolean = true) {}

  static hashMatches(row: ChainRow): boolean {
    return chainHash(row.prevHash, row) === row.hash;
  }

  /** The next row starts a new stretch: its link to the row before is not checked (a filtered copy). */
  restart(): void {
    this.previous = null;
  }

  check(row: ChainRow): void {
    this.rows++;
    // A withheld row is not verifiable by the reader's role, not broken: its link to its neighbours still is checked.
    if (row.withheld && row.withheld.length > 0) {
      this.withheld.push({ id: row.id, fields: row.withheld });
    } else if (!ChainChecker.hashMatches(row)) {
      this.problems.push({
        id: row.id,
        kind: "changed",
        message: `row ${row.id} was changed: its fields no longer give its hash`,
      });
    }
    const previous = this.previous;
    const expectedPrev = previous ? previous.hash : GENESIS_HASH;
    const linked = previous !== null || this.contiguous;
    if (linked && row.prevHash !== expectedPrev) {
      const from = previous ? BigInt(previous.id) + 1n : null;
      const to = BigInt(row.id) - 1n;
      const gap = from !== null && from <= to ? (from === to ? `row ${from}` : `rows ${from}–${to}`) : null;
      this.problems.push({
        id: row.id,
        kind: "removed",
        message: previous
          ? gap
            ? `${gap} removed: row ${row.id} does not follow row ${previous.id}`
            : `row ${row.id} does not follow row ${previous.id}: one of them was rewritten, or a row between removed`
          : `row ${row.id} does not start the chain: the rows before it were removed`,
      });
    }
    this.previous = row;
  }

  /** The chain's recorded head must be the last row read: rows removed from the end are noticed here. */
  finish(head: { lastId: string; hash: string } | null): void {
    const last = this.previous;
    if (!head) {
      if (last)
        this.problems.push({ id: last.id, kind: "truncated", message: "the chain's head is missing" });
      return;
    }
    if (!last || last.id !== head.lastId || last.hash !== head.hash) {
      this.problems.push({
        id: head.lastId,
        kind: "truncated",
        message: last
          ? `the chain ends at row ${last.id}, but its head records row ${head.lastId}: rows at the end were removed or changed`
          : `the log is empty, but its head records row ${head.lastId}: every row was removed`,
      });
    }
  }
}
