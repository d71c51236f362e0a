import { describe, expect, it } from "vitest";
import { decidedElsewhere, proposalGist, proposalOutcome } from "./proposal-outcome";
import type { ConfigProposal } from "./proposal-types";

const proposal = (overrides: Partial<ConfigProposal>): ConfigProposal =>
  ({
    id: "p-1",
    kind: "config",
    status: "applied",
    proposedBy: { id: "u-1", name: "Ada Admin", email: "admin@demo.local" },
    proposedAt: "2026-01-01T00:00:00.000Z",
    proposalRequestId: "r-1",
    decidedBy: "second-admin@demo.local",
    decidedByName: "Sam Second-Admin",
    decidedAt: "2026-01-01T00:01:00.000Z",
    decisionRequestId: "r-2",
    diff: [],
    parts: ["umaDomain"],
    ...overrides,
  }) as ConfigProposal;

describe("what became of a proposal", () => {
  it("names who approved it, by name, else by email", () => {
    expect(proposalOutcome(proposal({}))).toBe("Approved and applied by Sam Second-Admin.");
    expect(proposalOutcome(proposal({ decidedByName: null }))).toBe(
      "Approved and applied by second-admin@demo.local.",
    );
    expect(proposalOutcome(proposal({ status: "declined" }))).toMatch(/^Declined by Sam Second-Admin/);
    expect(proposalOutcome(proposal({ status: "proposed" }))).toBeNull();
  });

  it("tells a page only of the proposals it showed, decided by someone else", () => {
    const recent = [
      proposal({ id: "shown" }),
      proposal({ id: "not-shown" }),
      proposal({ id: "mine", status: "withdrawn", decidedBy: "ADMIN@demo.local" }),
    ];
    const told = decidedElsewhere(recent, new Set(["shown", "mine"]), "admin@demo.local");
    expect(told.map((each) => [each.proposal.id, each.outcome])).toEqual([
      ["shown", "Approved and applied by Sam Second-Admin."],
    ]);
  });

  it("tells the proposer, coming back, of their own proposals another admin decided lately, until dismissed", () => {
    const now = Date.parse("2026-01-10T00:00:00.000Z");
    const recent = [
      proposal({ id: "declined", status: "declined", decidedAt: "2026-01-09T00:00:00.000Z" }),
      proposal({ id: "old", status: "declined", decidedAt: "2025-12-01T00:00:00.000Z" }),
      proposal({ id: "dismissed", status: "applied", decidedAt: "2026-01-09T00:00:00.000Z" }),
      proposal({ id: "own-withdrawal", status: "withdrawn", decidedBy: "admin@demo.local" }),
      proposal({
        id: "someone-elses",
        status: "declined",
        proposedBy: { id: "u-2", name: "Sam Second-Admin", email: "second-admin@demo.local" },
        decidedBy: "third@demo.local",
      }),
    ];
    const told = decidedElsewhere(recent, new Set(), "Admin@demo.local", {
      dismissed: new Set(["dismissed"]),
      now,
    });
    expect(told.map((each) => [each.proposal.id, each.outcome])).toEqual([
      ["declined", "Declined by Sam Second-Admin: nothing was applied."],
    ]);
  });
});

describe("a configuration change in a few words", () => {
  it("names what it changes", () => {
    const gist = proposalGist(
      proposal({
        diff: [
          { kind: "umaDomain", from: "a.example", to: "pay.example.com" },
          { kind: "currency", change: { kind: "removed", currency: { currencyCode: "GBP" } } },
          { kind: "currency", change: { kind: "changed", currencyCode: "USD", changes: [] } },
        ],
      } as unknown as Partial<ConfigProposal>),
    );
    expect(gist).toBe("UMA domain to pay.example.com, removes GBP, changes USD");
  });
});
