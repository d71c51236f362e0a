// POST /api/policies/backtest — replays the last N days of pending incoming payments against a policy document and
// lists every payment whose outcome would change (compliance and admins; read-only, but audited with its rules)
import { auditedAction } from "@/lib/server/audit/log";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { backtest, backtestBodySchema } from "@/lib/server/policies/backtest";
import { assertRuleFieldsVisible } from "@/lib/server/policies/field-guard";
import { visibleCategories } from "@/lib/server/privacy/visibility";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "approvals.decide", action: "policies.backtest" },
  async ({ request, audit, user }) => {
    const { document, days } = await readJsonBody(request, backtestBodySchema, 2 * 1024 * 1024);
    // A backtest names the payments a rule matched, so it is an oracle on what the rules read: recorded with the
    // rules it ran (never the data they matched), and refused over fields the person's role sees masked.
    const answer = await auditedAction(
      {
        ...audit,
        action: "policies.backtest",
        targetId: null,
        summary: { days, rules: document.rules, allowListedDomains: document.allowListedDomains.length },
      },
      async () => {
        await assertRuleFieldsVisible(user.role, document);
        return backtest(document, days, new Date(), await visibleCategories(user.role));
      },
      (result) => ({
        summary: { payments: result.total, counts: result.counts, changed: result.changed.length },
      }),
    );
    return Response.json(answer, { headers: NO_STORE });
  },
);
