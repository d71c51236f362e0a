import { describe, expect, it } from "vitest";
import { AUDIT_CSV_HEADER, type AuditCsvRow, auditCsvLine } from "./csv";

const rejection: AuditCsvRow = {
  id: 42,
  occurredAt: new Date("2025-03-10T12:00:00.000Z"),
  actorEmail: "compliance@demo.local",
  actorRole: "compliance",
  action: "payment.reject",
  targetId: "Transaction:abc",
  outcome: "allowed",
  upstreamStatus: 200,
  requestId: "req-1",
  summary: { method: "POST", reason: '=HYPERLINK("x"), sanctions hit' },
};

describe("audit CSV", () => {
  it("names its columns once", () => {
    expect(AUDIT_CSV_HEADER).toBe(
      "id,occurred_at,actor_email,actor_role,action,target_id,outcome,upstream_status,request_id,details\r\n",
    );
  });

  it("writes an entry with its details as JSON, quoted", () => {
    expect(auditCsvLine(rejection)).toBe(
      `${[
        "42",
        "2025-03-10T12:00:00.000Z",
        "compliance@demo.local",
        "compliance",
        "payment.reject",
        "Transaction:abc",
        "allowed",
        "200",
        "req-1",
        '"{""method"":""POST"",""reason"":""=HYPERLINK(\\""x\\""), sanctions hit""}"',
      ].join(",")}\r\n`,
    );
  });

  it("defuses a cell a spreadsheet would run, and leaves what is missing empty", () => {
    const line = auditCsvLine({
      ...rejection,
      actorEmail: null,
      actorRole: null,
      targetId: "=cmd|' /C calc'!A0",
      upstreamStatus: null,
      summary: {},
    });
    expect(line).toBe("42,2025-03-10T12:00:00.000Z,,,payment.reject,'=cmd|' /C calc'!A0,allowed,,req-1,\r\n");
  });
});
