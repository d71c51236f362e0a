/** An audit row as text, the way PostgreSQL writes each field (times in UTC to the millisecond, summary as jsonb). */
export interface ChainRow {
  id: string;
  occurredAt: string;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  targetId: string | null;
  outcome: string;
  upstreamStatus: string | null;
  requestId: string;
  clientRequestId: string | null;
  summary: string;
  prevHash: string;
  hash: string;
  /**
   * In a copy given to a role that sees senders' names masked: the fields withheld from it (`summary.reason` in an
   * evidence file, `details.reason` in the CSV), so the row's own hash cannot be recomputed from the copy; its hashes
   * still link it to its neighbours (decision 0074, amendment).
   */
  withheld?: readonly string[];
  /** The row's HMAC under the audit key (lib/audit/anchor.ts), outside the hash; absent in copies and older rows. */
  mac?: string | null;
}
