import { describe, expect, it } from "vitest";
import type { ChainRow } from "../../universal/audit/chain-row";
import { DEFAULT_VISIBILITY } from "../../universal/privacy/fields";
import { REASON_WITHHELD } from "../../universal/privacy/reason-withheld";
import { chainHash, GENESIS_HASH } from "../audit/chain";
import { checkCopiedRows } from "../audit/csv-verify";
import { auditRowAsRead } from "./audit-rows";

const NAMED = "Rejected: the sender Hafiz Muhammad Saeed is OFAC SDN entry 10689";

/** A row of a payment's audit trail, hashed as the database's trigger hashes it. */
function chained(id: number, action: string, summary: Record<string, unknown>, prevHash: string): ChainRow {
  const row = {
    id: String(id),
    occurredAt: "2026-12-01T10:00:00.000Z",
    actorId: "6f1c2a7e-5c55-4c56-9d0a-0c8f4d2b1a10",
    actorEmail: "compliance@demo.local",
    actorRole: "compliance",
    action,
    targetId: "Transaction:abc",
    outcome: "allowed",
    upstreamStatus: "200",
    requestId: `req-${id}`,
    clientRequestId: null,
    summary: JSON.stringify(summary),
  };
  return { ...row, prevHash, hash: chainHash(prevHash, row) };
}

const held = chained(1, "payment.hold", { by: "policy", reason: "HIGH_AMOUNT" }, GENESIS_HASH);
const rejected = chained(2, "payment.reject", { method: "POST", reason: NAMED }, held.hash);
const downloaded = chained(3, "evidence.download", { masked: true }, rejected.hash);
const trail = [held, rejected, downloaded];

describe("an evidence file's audit rows, as the generating person's role reads them", () => {
  it("withholds a person's rejection reason from a role that sees names masked, marked, hashes kept", () => {
    const rows = trail.map((row) => auditRowAsRead(row, ["nationality"]));
    expect(JSON.stringify(rows)).not.toContain("Saeed");
    expect(rows[1]).toMatchObject({
      summary: JSON.stringify({ method: "POST", reason: REASON_WITHHELD }),
      withheld: ["summary.reason"],
      prevHash: held.hash,
      hash: rejected.hash,
    });
    // A policy's reason code and every other row stay as hashed.
    expect(rows[0]).toEqual(held);
    expect(rows[2]).toEqual(downloaded);
    const checker = checkCopiedRows(rows);
    expect(checker.problems).toEqual([]);
    expect(checker.withheld).toEqual([{ id: "2", fields: ["summary.reason"] }]);
  });

  it("gives a role that sees names (compliance by default, admins) every row whole, verifying completely", () => {
    for (const visible of [DEFAULT_VISIBILITY.compliance, DEFAULT_VISIBILITY.admin]) {
      const rows = trail.map((row) => auditRowAsRead(row, visible));
      expect(rows).toEqual(trail);
      const checker = checkCopiedRows(rows);
      expect(checker.problems).toEqual([]);
      expect(checker.withheld).toEqual([]);
    }
  });

  it("still names a withheld row whose link was broken", () => {
    const rows = trail.map((row) => auditRowAsRead(row, []));
    const moved = rows.map((row) => (row.id === "2" ? { ...row, prevHash: GENESIS_HASH } : row));
    expect(checkCopiedRows(moved).problems).toEqual([expect.objectContaining({ id: "2", kind: "removed" })]);
  });
});
