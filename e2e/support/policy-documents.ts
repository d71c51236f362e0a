/** An approval policy that holds every USD payment for Compliance: a draft or version whose rules do not matter. */
export const HOLD_EVERYTHING = {
  rules: [
    {
      id: "hold-everything",
      name: "Hold everything",
      when: [{ kind: "amount", side: "receiving", currency: "USD", op: "gte", value: 0 }],
      // biome-ignore lint/suspicious/noThenProperty: a policy rule's outcome is named `then` (lib/universal/policies/rules.ts)
      then: { decision: "hold", queue: "Compliance", priority: "normal" },
    },
  ],
  allowListedDomains: [],
};
