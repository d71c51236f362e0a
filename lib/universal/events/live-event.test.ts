import { describe, expect, it } from "vitest";
import { queryKeys } from "../api/keys";
import { keysAnyEventChanges } from "./live-event";

describe("keysAnyEventChanges", () => {
  it("covers what webhooks, decisions and list changes change, once each, and leaves what only people change alone", () => {
    const keys = keysAnyEventChanges().map((key) => key.join("/"));
    expect([...keys].sort()).toEqual(
      [
        queryKeys.approvals,
        queryKeys.transactions,
        queryKeys.accounts,
        queryKeys.overview,
        queryKeys.quotes,
        queryKeys.customers,
        queryKeys.bulkJobs,
        queryKeys.invitations,
        queryKeys.webhooks,
        [...queryKeys.screening, "sources"],
        [...queryKeys.screening, "lists"],
        [...queryKeys.screening, "alerts"],
        [...queryKeys.screening, "results"],
        [...queryKeys.config, "proposals"],
        queryKeys.tokens,
        [...queryKeys.team, "proposals"],
        [...queryKeys.approvals, "emergency-hold"],
        // The versions: one proposed, activated or declined by another person. A draft being edited keeps what is
        // typed (its editor reads the version once, keyed by its id).
        queryKeys.policies,
      ]
        .map((key) => key.join("/"))
        .sort(),
    );
    // A form someone is filling (configuration, team) is not refreshed under them; the changes waiting for a second
    // admin are (a proposal decided while the stream was away).
    for (const key of [queryKeys.config, queryKeys.team, queryKeys.audit])
      expect(keys).not.toContain(key.join("/"));
  });
});
