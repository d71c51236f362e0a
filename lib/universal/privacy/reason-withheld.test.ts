import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY } from "./fields";
import { maskPersonalDataBytes } from "./mask-json-bytes";
import { maskPersonalData } from "./mask-transaction";
import { REASON_WITHHELD, withheldAuditReason } from "./reason-withheld";

const REASON =
  "Confirmed watchlist match: OFAC SDN entry 10689. Name, date of birth and nationality all match the listed person";

/** A payment two officers confirmed as a listed sender's, rejected with their reason, as the API answers it. */
const rejected = {
  id: "Transaction:1",
  type: "INCOMING",
  status: "REJECTED",
  rejectionReason: REASON,
  counterpartyInformation: { FULL_NAME: "Hafiz Muhammad Saeed", BIRTH_DATE: "1950-06-05" },
};

describe("what people wrote about a sender, for a role that sees the sender masked", () => {
  it("withholds an incoming payment's rejection reason from a viewer, in a payment, a page of them and a webhook", () => {
    for (const json of [rejected, { data: [rejected], hasMore: false }, { transaction: rejected }]) {
      const text = JSON.stringify(maskPersonalData(json, DEFAULT_VISIBILITY.viewer));
      expect(text).not.toContain("10689");
      expect(text).not.toContain("listed person");
      expect(text).toContain(REASON_WITHHELD);
    }
  });

  it("withholds it in the relay's byte masking too, exactly as the parsed masking does", () => {
    const body = Buffer.from(JSON.stringify({ data: [rejected, { ...rejected, id: "Transaction:2" }] }));
    const masked = maskPersonalDataBytes(body, DEFAULT_VISIBILITY.viewer).toString("utf8");
    expect(masked).not.toContain("listed person");
    expect(JSON.parse(masked)).toEqual(
      maskPersonalData(JSON.parse(body.toString("utf8")), DEFAULT_VISIBILITY.viewer),
    );
    // An incoming payment that shared nothing about its sender is still a sender's payment.
    const bare = { id: "Transaction:3", type: "INCOMING", rejectionReason: REASON };
    expect(
      maskPersonalDataBytes(Buffer.from(JSON.stringify(bare)), DEFAULT_VISIBILITY.viewer).toString(),
    ).toContain(REASON_WITHHELD);
  });

  it("keeps it for roles that see who the sender is, and an outgoing payment's bank reason for everyone", () => {
    expect(maskPersonalData(rejected, DEFAULT_VISIBILITY.compliance).rejectionReason).toBe(REASON);
    expect(maskPersonalData(rejected, DEFAULT_VISIBILITY.admin).rejectionReason).toBe(REASON);
    const outgoing = {
      id: "Transaction:4",
      type: "OUTGOING",
      rejectionReason: "The bank returned the funds.",
    };
    expect(maskPersonalData(outgoing, DEFAULT_VISIBILITY.viewer)).toBe(outgoing);
  });

  it("withholds a person's rejection reason on the payment's timeline, and keeps who decided and when", () => {
    const events = {
      data: [],
      decisions: [
        {
          decision: "rejected",
          at: "2026-03-01T10:00:00.000Z",
          by: { name: "Cole Compliance", email: "second-compliance@demo.local" },
          reason: REASON,
        },
      ],
    };
    const masked = maskPersonalData(events, DEFAULT_VISIBILITY.viewer);
    expect(masked.decisions[0]).toEqual({ ...events.decisions[0], reason: REASON_WITHHELD });
    expect(maskPersonalData(events, DEFAULT_VISIBILITY.compliance)).toBe(events);
  });

  it("withholds a rejection's, dismissal's or confirmation's reason in the audit log's summaries, not a policy's", () => {
    const row = (action: string, summary: Record<string, unknown>) => ({ id: 1, action, summary });
    for (const action of ["payment.reject", "screening.confirm", "screening.dismiss"]) {
      expect(withheldAuditReason(row(action, { reason: REASON, by: "screening" })).summary).toEqual({
        reason: REASON_WITHHELD,
        by: "screening",
      });
    }
    const policy = row("payment.reject", { by: "policy", reason: "SANCTIONED_COUNTRY" });
    expect(withheldAuditReason(policy)).toBe(policy);
    const reveal = row("privacy.reveal", { justification: "Sanctions screening match to rule out" });
    expect(withheldAuditReason(reveal)).toBe(reveal);
  });
});
