import { describe, expect, it } from "vitest";
import { REASON_WITHHELD } from "../../universal/privacy/reason-withheld";
import { chainHash, GENESIS_HASH } from "./chain";
import { AUDIT_CSV_HEADER, type AuditCsvRow, auditCsvLine, auditCsvRowFor } from "./csv";
import { verifyAuditCsv } from "./csv-verify";
import type { AuditRow } from "./entries";

const base = {
  id: 42,
  occurredAt: new Date("2025-03-10T12:00:00.000Z"),
  actorId: "6f1c2a7e-5c55-4c56-9d0a-0c8f4d2b1a10",
  actorEmail: "compliance@demo.local",
  actorRole: "compliance" as const,
  action: "payment.reject",
  targetId: "Transaction:abc",
  outcome: "allowed" as const,
  upstreamStatus: 200,
  requestId: "req-1",
  clientRequestId: null,
  summaryText: '{"method": "POST", "reason": "=HYPERLINK(\\"x\\"), sanctions hit"}',
};

/** A row hashed as the database's trigger hashes it. */
function chained(row: Omit<AuditCsvRow, "prevHash" | "hash">, prevHash: string): AuditCsvRow {
  const hash = chainHash(prevHash, {
    ...row,
    id: String(row.id),
    occurredAt: row.occurredAt.toISOString(),
    upstreamStatus: row.upstreamStatus === null ? null : String(row.upstreamStatus),
    summary: row.summaryText,
  });
  return { ...row, prevHash, hash };
}

const rejection = chained(base, GENESIS_HASH);

describe("audit CSV", () => {
  it("names its columns once, hashes included", () => {
    expect(AUDIT_CSV_HEADER).toBe(
      "id,occurred_at,actor_id,actor_email,actor_name,actor_role,action,target_id,outcome,upstream_status,request_id,client_request_id,details,prev_hash,hash,withheld\r\n",
    );
  });

  it("writes an entry with its details as the JSON text the log hashed, quoted", () => {
    expect(auditCsvLine({ ...rejection, actorName: "Carla Compliance" })).toBe(
      `${[
        "42",
        "2025-03-10T12:00:00.000Z",
        base.actorId,
        "compliance@demo.local",
        "Carla Compliance",
        "compliance",
        "payment.reject",
        "Transaction:abc",
        "allowed",
        "200",
        "req-1",
        "",
        '"{""method"": ""POST"", ""reason"": ""=HYPERLINK(\\""x\\""), sanctions hit""}"',
        GENESIS_HASH,
        rejection.hash,
        "",
      ].join(",")}\r\n`,
    );
  });

  it("defuses a cell a spreadsheet would run, and leaves what is missing empty", () => {
    const line = auditCsvLine({
      ...rejection,
      actorId: null,
      actorEmail: null,
      actorRole: null,
      targetId: "=cmd|' /C calc'!A0",
      upstreamStatus: null,
      summaryText: "{}",
    });
    expect(line).toBe(
      `42,2025-03-10T12:00:00.000Z,,,anonymous,,payment.reject,'=cmd|' /C calc'!A0,allowed,,req-1,,{},${GENESIS_HASH},${rejection.hash},\r\n`,
    );
  });

  it("names who acted as the log's view does: a member by name, a removed one not at all, the policy by its version", () => {
    const actorName = (row: Partial<AuditCsvRow>) => auditCsvLine({ ...rejection, ...row }).split(",")[4];
    expect(actorName({ actorName: "=Carla" })).toBe("'=Carla");
    expect(actorName({ actorName: null })).toBe("");
    expect(
      actorName({
        actorId: null,
        actorEmail: null,
        actorRole: null,
        summaryText: '{"by": "policy", "policyVersion": 2}',
      }),
    ).toBe("Approval policy v2");
  });

  it("lets an auditor check a copy: intact, a cell changed, a row removed", () => {
    const first = chained(
      { ...base, id: 1, targetId: "=SUM(A1)", actorEmail: "＝cmd@x", summaryText: "{}" },
      GENESIS_HASH,
    );
    // A person's own apostrophe before formula-like text is written "''=" and read back as typed.
    const second = chained({ ...base, id: 2, clientRequestId: "client-7", targetId: "'=own" }, first.hash);
    const third = chained({ ...base, id: 3, action: "payment.approve" }, second.hash);
    const file = (rows: AuditCsvRow[]) => AUDIT_CSV_HEADER + rows.map(auditCsvLine).join("");

    expect(auditCsvLine(second)).toContain(",''=own,");
    const intact = verifyAuditCsv(file([third, second, first]), { complete: true });
    expect(intact.rows).toBe(3);
    expect(intact.problems).toEqual([]);

    const edited = file([third, second, first]).replace("client-7", "client-8");
    expect(verifyAuditCsv(edited).problems).toEqual([expect.objectContaining({ id: "2", kind: "changed" })]);

    // A filtered copy leaves rows out on purpose; a complete one (no filters) must hold every link.
    expect(verifyAuditCsv(file([third, first])).problems).toEqual([]);
    const removed = verifyAuditCsv(file([third, first]), { complete: true });
    expect(removed.problems).toEqual([expect.objectContaining({ id: "3", kind: "removed" })]);
    expect(removed.problems[0]?.message).toContain("row 2 removed");
  });

  describe("for a reader whose role sees senders' names masked (decision 0074)", () => {
    const named = "Rejected: the sender Hafiz Muhammad Saeed is OFAC SDN entry 10689";
    /** A row as the export reads it from the database: the summary parsed, and as the text the chain hashed. */
    const read = (row: AuditCsvRow, summary: Record<string, unknown>): AuditRow => ({
      ...row,
      summary,
      mac: null,
    });
    const opened = chained({ ...base, id: 1, action: "payment.approve", summaryText: "{}" }, GENESIS_HASH);
    const rejectSummary = { method: "POST", reason: named };
    const rejected = chained({ ...base, id: 2, summaryText: JSON.stringify(rejectSummary) }, opened.hash);
    const exported = chained({ ...base, id: 3, action: "audit.export", summaryText: "{}" }, rejected.hash);
    const rows = [read(exported, {}), read(rejected, rejectSummary), read(opened, {})];
    const file = (reader: { readsSenderReasons: boolean }) =>
      AUDIT_CSV_HEADER + rows.map((row) => auditCsvLine(auditCsvRowFor(row, reader))).join("");

    it("withholds a rejection's reason as the log's view does, marks the row, and keeps its hashes", () => {
      const masked = file({ readsSenderReasons: false });
      expect(masked).not.toContain("Saeed");
      expect(masked).not.toContain("10689");
      const line = masked.split("\r\n").find((text) => text.startsWith("2,"));
      expect(line).toContain(REASON_WITHHELD);
      expect(line).toMatch(new RegExp(`,${opened.hash},${rejected.hash},details\\.reason$`));
    });

    it("verifies the chain around a withheld row and names it as not verifiable by this role, not as broken", () => {
      const checker = verifyAuditCsv(file({ readsSenderReasons: false }), { complete: true });
      expect(checker.problems).toEqual([]);
      expect(checker.withheld).toEqual([{ id: "2", fields: ["details.reason"] }]);
      // Its links still check: a withheld row moved out of its place is caught.
      const relinked = file({ readsSenderReasons: false }).replace(
        `,${opened.hash},${rejected.hash},`,
        `,${GENESIS_HASH},${rejected.hash},`,
      );
      expect(verifyAuditCsv(relinked, { complete: true }).problems).toEqual([
        expect.objectContaining({ id: "2", kind: "removed" }),
      ]);
    });

    it("gives a role that sees names the full text, and a copy that verifies completely", () => {
      const whole = file({ readsSenderReasons: true });
      expect(whole).toContain(named);
      const checker = verifyAuditCsv(whole, { complete: true });
      expect(checker.problems).toEqual([]);
      expect(checker.withheld).toEqual([]);
      expect(checker.rows).toBe(3);
    });
  });
});
