import "server-only";
import type { Role } from "../../universal/auth/permissions";
import type { PolicyDocument } from "../../universal/policies/rules";
import { type AuditEntry, auditedAction } from "../audit/log";
import { visibleCategories } from "../privacy/visibility";
import { backtest } from "./backtest";
import { assertRuleFieldsVisible } from "./field-guard";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * POST /api/policies/backtest. A backtest names the payments a rule matched, so it is an oracle on what the rules
 * read: recorded with the rules it ran (never the data they matched), and refused over fields the person's role
 * sees masked. The version in force it is compared with is not checked: its rules are already deciding payments.
 */
export function runBacktest(who: Who, role: Role, document: PolicyDocument, days: number) {
  return auditedAction(
    {
      ...who,
      action: "policies.backtest",
      targetId: null,
      summary: { days, rules: document.rules, allowListedDomains: document.allowListedDomains.length },
    },
    async () => {
      await assertRuleFieldsVisible(role, document);
      return backtest(document, days, undefined, await visibleCategories(role));
    },
    (result) => ({
      summary: {
        payments: result.total,
        period: result.period,
        activeVersion: result.active?.version ?? null,
        counts: result.counts,
        changed: result.changed.length,
      },
    }),
  );
}
