import type { ServiceDatabase } from "../db/client";

/** Per currency: what the internal accounts hold, and what each kind of outside account gave (+) or took (−). */
interface CurrencyTotals {
  internal: number;
  /** Keyed by the ledger-only account's kind: `sandbox` (funding), `external`, `uma`, `fees`, `fx`. */
  fromOutside: Record<string, number>;
}

export interface LedgerReport {
  /** Empty when every invariant holds; otherwise one line per broken one (at most a few per kind). */
  violations: string[];
  totals: Record<string, CurrencyTotals>;
  movements: number;
  entries: number;
}

type Pool = ServiceDatabase["pool"];

async function rows<T>(pool: Pool, text: string): Promise<T[]> {
  return (await pool.query(text)).rows as T[];
}

const MAX_LINES_PER_KIND = 5;

/**
 * The money invariants of the ledger, checked in SQL so they stay cheap on large runs:
 * - no internal balance is negative;
 * - every movement is balanced per currency (its amounts sum to zero);
 * - every internal account's stored balance equals the sum of its ledger entries, and every ledger entry on an
 *   internal account names an account that exists;
 * - per currency, the internal accounts hold exactly what the outside accounts gave up (funding + money in −
 *   money out − fees − conversion, as the ledger records);
 * - an incoming payment from a UMA sender is credited once when COMPLETED and never otherwise, and a REJECTED
 *   or FAILED transaction, or a REFUNDED one (its money returned), leaves no net change on any internal account;
 * - a live outgoing payment has taken its amount from its source exactly once (nothing, net, when the sandbox
 *   brought the funds in from outside for it).
 */
export async function checkLedger(db: ServiceDatabase): Promise<LedgerReport> {
  const pool = db.pool;
  const violations: string[] = [];
  const report = (kind: string, lines: string[]) => {
    for (const line of lines.slice(0, MAX_LINES_PER_KIND)) violations.push(`${kind}: ${line}`);
    if (lines.length > MAX_LINES_PER_KIND)
      violations.push(`${kind}: … ${lines.length - MAX_LINES_PER_KIND} more`);
  };

  const negative = await rows<{ id: string; balance: string }>(
    pool,
    "select id, balance::text from internal_accounts where balance < 0",
  );
  report(
    "negative balance",
    negative.map((row) => `${row.id} holds ${row.balance}`),
  );

  const unbalanced = await rows<{ movement_id: string; currency_code: string; total: string }>(
    pool,
    `select movement_id, currency_code, sum(amount)::text as total from ledger_entries
      group by movement_id, currency_code having sum(amount) <> 0`,
  );
  report(
    "unbalanced movement",
    unbalanced.map((row) => `${row.movement_id} sums to ${row.total} ${row.currency_code}`),
  );

  const drift = await rows<{ id: string; balance: string; ledger: string }>(
    pool,
    `select a.id, a.balance::text, coalesce(e.total, 0)::text as ledger
       from internal_accounts a
       left join (select account, sum(amount) as total from ledger_entries group by account) e on e.account = a.id
      where a.balance <> coalesce(e.total, 0)`,
  );
  report(
    "balance differs from its ledger",
    drift.map((row) => `${row.id} stores ${row.balance}, its entries sum to ${row.ledger}`),
  );

  const orphans = await rows<{ account: string }>(
    pool,
    `select distinct account from ledger_entries
      where account like 'InternalAccount:%' and account not in (select id from internal_accounts)`,
  );
  report(
    "entry on an unknown internal account",
    orphans.map((row) => row.account),
  );

  const internal = await rows<{ currency_code: string; total: string }>(
    pool,
    "select currency_code, sum(balance)::text as total from internal_accounts group by currency_code",
  );
  const outside = await rows<{ currency_code: string; kind: string; total: string }>(
    pool,
    `select currency_code, split_part(account, ':', 1) as kind, sum(amount)::text as total from ledger_entries
      where account not like 'InternalAccount:%' group by 1, 2`,
  );
  const totals: Record<string, CurrencyTotals> = {};
  const totalsOf = (code: string) => {
    totals[code] ??= { internal: 0, fromOutside: {} };
    return totals[code];
  };
  for (const row of internal) totalsOf(row.currency_code).internal = Number(row.total);
  for (const row of outside) totalsOf(row.currency_code).fromOutside[row.kind] = -Number(row.total);
  report(
    "total not conserved",
    Object.entries(totals).flatMap(([code, t]) => {
      const given = Object.values(t.fromOutside).reduce((sum, value) => sum + value, 0);
      return t.internal === given
        ? []
        : [`internal accounts hold ${t.internal} ${code}, the outside accounts gave ${given}`];
    }),
  );

  const incoming = await rows<{
    id: string;
    status: string;
    received: string;
    credited: string;
    credits: string;
  }>(
    pool,
    `select t.id, t.status, coalesce(t.received_amount, 0)::text as received,
            coalesce(sum(e.amount) filter (where e.account = t.destination_account_id), 0)::text as credited,
            count(e.id) filter (where e.account = t.destination_account_id and e.amount > 0)::text as credits
       from transactions t left join ledger_entries e on e.transaction_id = t.id
      where t.type = 'INCOMING' and t.sender_uma_address is not null
      group by t.id
     having (t.status = 'COMPLETED' and (count(e.id) filter (where e.account = t.destination_account_id and e.amount > 0) <> 1
                                         or coalesce(sum(e.amount) filter (where e.account = t.destination_account_id), 0)
                                            <> t.received_amount))
         or (t.status <> 'COMPLETED' and count(e.id) > 0)`,
  );
  report(
    "incoming payment credited wrongly",
    incoming.map(
      (row) =>
        `${row.id} ${row.status}: ${row.credits} credit(s) of ${row.credited} for ${row.received} received`,
    ),
  );

  const undone = await rows<{ id: string; status: string; account: string; net: string }>(
    pool,
    `select t.id, t.status, e.account, sum(e.amount)::text as net
       from transactions t join ledger_entries e on e.transaction_id = t.id
      where t.status in ('FAILED', 'REJECTED', 'REFUNDED') and e.account like 'InternalAccount:%'
      group by t.id, t.status, e.account having sum(e.amount) <> 0`,
  );
  report(
    "failed transaction left money moved",
    undone.map((row) => `${row.id} ${row.status} moved ${row.net} on ${row.account}`),
  );

  const outgoing = await rows<{ id: string; status: string; sent: string; net: string }>(
    pool,
    `select t.id, t.status, t.sent_amount::text as sent,
            coalesce(sum(e.amount) filter (where e.account = t.source_account_id), 0)::text as net
       from transactions t left join ledger_entries e on e.transaction_id = t.id
      where t.type = 'OUTGOING' and t.status in ('PENDING', 'PROCESSING', 'COMPLETED')
        and t.source_account_id like 'InternalAccount:%'
      group by t.id
     having coalesce(sum(e.amount) filter (where e.account = t.source_account_id), 0)
            <> case when bool_or(e.account = 'sandbox:funding') then 0
                    -- A real-time funded quote's payment waiting for its money has moved nothing.
                    when t.status = 'PENDING' and exists (
                      select 1 from quotes q
                       where q.transaction_id = t.id and q.real_time_funding and q.funded_at is null) then 0
                    else -t.sent_amount end`,
  );
  report(
    "outgoing payment debited wrongly",
    outgoing.map((row) => `${row.id} ${row.status} sent ${row.sent}, its source moved ${row.net}`),
  );

  const [counts] = await rows<{ movements: string; entries: string }>(
    pool,
    "select count(distinct movement_id)::text as movements, count(*)::text as entries from ledger_entries",
  );
  return {
    violations,
    totals,
    movements: Number(counts?.movements ?? 0),
    entries: Number(counts?.entries ?? 0),
  };
}
