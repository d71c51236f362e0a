import pg from "pg";
import { databaseUrl } from "./secrets";

/**
 * Fast seeding for the growth benchmark: server-side `INSERT … SELECT generate_series` straight into the
 * service's real tables (never through the API), in chunks. Row n gets a customer, one internal account per
 * supported currency, and one incoming payment into one of those accounts; completed payments get their two
 * balanced ledger entries and their amount as the account's balance, so the books still balance.
 *
 * Ids have the API's form (`Customer:<uuid>`, …), derived from n (md5 → uuid) so a row can name another
 * without a lookup. Every seeded row is older than what was there before, spaced 47 s apart (a million rows
 * span about a year and a half), so the newest pages are the same at every size.
 */

const CHUNK_ROWS = 50_000;
const SPACING_SECONDS = 47;

export interface SeedPlan {
  /** The platform's UMA domain and supported currencies, read from its configuration. */
  umaDomain: string;
  currencies: string[];
  /** Every seeded timestamp lies before this one (whole seconds, so cursors built from them are exact). */
  base: Date;
}

export async function withServiceDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl("payment_service") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function planSeed(client: pg.Client): Promise<SeedPlan> {
  const config = await client.query<{ uma_domain: string; currencies: string[] }>(
    `select uma_domain, array(select jsonb_array_elements(supported_currencies)->>'currencyCode') as currencies
       from platform_config limit 1`,
  );
  const row = config.rows[0];
  if (!row || row.currencies.length === 0) throw new Error("the service has no platform configuration");
  const base = await client.query<{ base: Date }>(
    `select date_trunc('second', least(now(),
        (select min(created_at) from customers), (select min(created_at) from transactions))) - interval '1 second' as base`,
  );
  const baseRow = base.rows[0];
  if (!baseRow) throw new Error("no base time");
  return { umaDomain: row.uma_domain, currencies: row.currencies, base: baseRow.base };
}

/** How many rows of each kind the benchmark seeded so far. */
async function seededCount(client: pg.Client): Promise<number> {
  const result = await client.query<{ count: number }>(
    `select count(*)::int as count from customers where platform_customer_id like 'growth-%'`,
  );
  return result.rows[0]?.count ?? 0;
}

// Shared expressions of row n; :base, :currencies, :domain, :from and :to are the chunk's parameters.
const CUSTOMER_ID = `'Customer:' || md5('bench-customer-' || n)::uuid`;
const ACCOUNT_ID = (currency: string) =>
  `'InternalAccount:' || md5('bench-account-' || n || '-' || ${currency})::uuid`;
const CURRENCY_OF_N = `((:currencies)::text[])[1 + n % cardinality((:currencies)::text[])]`;
const STATUS_OF_N = `case n % 10 when 8 then 'FAILED' when 9 then 'REJECTED' else 'COMPLETED' end`;
const AMOUNT_OF_N = `(1000 + (n::bigint * 7919) % 500000)`;
const CREATED_OF_N = `(:base)::timestamptz - make_interval(secs => n * ${SPACING_SECONDS})`;
const LETTERS_OF_N = `translate(n::text, '0123456789', 'abcdefghij')`;

/** Numbers the named parameters a statement uses ($1, $2, …), since PostgreSQL must know each one's type. */
function bind(text: string, values: Record<string, unknown>): [string, unknown[]] {
  const names: string[] = [];
  const numbered = text.replace(/:(base|currencies|domain|from|to)\b/g, (_match, name: string) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return [numbered, names.map((name) => values[name])];
}

async function seedChunk(client: pg.Client, plan: SeedPlan, from: number, to: number): Promise<void> {
  const values = { base: plan.base, currencies: plan.currencies, domain: plan.umaDomain, from, to };
  const run = (text: string) => client.query(...bind(text, values));
  await client.query("begin");
  try {
    await run(
      `insert into customers (id, platform_customer_id, customer_type, uma_address, kyc_status, full_name,
          birth_date, nationality, address, business_info, bank_account_info, is_deleted, created_at, updated_at)
       select ${CUSTOMER_ID},
              'growth-' || lpad(n::text, 7, '0'),
              case when n % 5 = 0 then 'BUSINESS' else 'INDIVIDUAL' end,
              '$growth-' || n || '@' || (:domain)::text,
              'APPROVED',
              case when n % 5 = 0 then null else 'Bench Customer ' || initcap(${LETTERS_OF_N}) end,
              case when n % 5 = 0 then null else to_char(date '1960-01-01' + (n % 15000), 'YYYY-MM-DD') end,
              case when n % 5 = 0 then null else 'US' end,
              jsonb_build_object('line1', n || ' Market Street', 'city', 'San Francisco', 'state', 'CA',
                                 'postalCode', '94103', 'country', 'US'),
              case when n % 5 = 0
                   then jsonb_build_object('legalName', 'Bench Trading ' || initcap(${LETTERS_OF_N}) || ' LLC',
                                           'taxId', 'TAX-' || n)
                   else null end,
              null, false,
              ${CREATED_OF_N} - interval '30 seconds',
              ${CREATED_OF_N} - interval '30 seconds'
         from generate_series((:from)::int, (:to)::int) as n`,
    );
    await run(
      `insert into internal_accounts (id, customer_id, currency_code, balance, reference, created_at, updated_at)
       select ${ACCOUNT_ID("currency")},
              ${CUSTOMER_ID},
              currency,
              case when currency = ${CURRENCY_OF_N} and ${STATUS_OF_N} = 'COMPLETED' then ${AMOUNT_OF_N} else 0 end,
              'CUS-' || left(currency, 1) || lpad(n::text, 9, '0'),
              ${CREATED_OF_N} - interval '30 seconds',
              ${CREATED_OF_N}
         from generate_series((:from)::int, (:to)::int) as n, unnest((:currencies)::text[]) as currency`,
    );
    await run(
      `insert into transactions (id, status, type, customer_id, platform_customer_id, source_account_id,
          source_currency, destination_account_id, destination_currency, sender_uma_address, receiver_uma_address,
          sent_amount, received_amount, fees, exchange_rate, rate_details, counterparty_information,
          requested_receiver_fields, receiver_customer_info, reference, failure_reason, rejection_reason,
          approval_deadline, settled_at, created_at, updated_at)
       select 'Transaction:' || md5('bench-transaction-' || n)::uuid,
              ${STATUS_OF_N}, 'INCOMING', ${CUSTOMER_ID}, 'growth-' || lpad(n::text, 7, '0'), null,
              ${CURRENCY_OF_N}, ${ACCOUNT_ID(CURRENCY_OF_N)}, ${CURRENCY_OF_N},
              '$success.' || lower(${CURRENCY_OF_N}) || '@sandbox.uma.money', '$growth-' || n || '@' || (:domain)::text,
              ${AMOUNT_OF_N}, ${AMOUNT_OF_N}, 0, '1',
              '{"serviceApiMultiplier":1,"serviceApiFixedFee":0,"serviceApiVariableFeeRate":0,"serviceApiVariableFeeAmount":0}'::jsonb,
              '{"FULL_NAME":"Alex Sandbox Rivera"}'::jsonb,
              '[{"name":"FULL_NAME","mandatory":true},{"name":"BIRTH_DATE","mandatory":false}]'::jsonb,
              case when ${STATUS_OF_N} = 'COMPLETED' then '{"FULL_NAME":"Bench Customer"}'::jsonb end,
              'TXN-B' || lpad(n::text, 9, '0'),
              case when ${STATUS_OF_N} = 'FAILED' then 'PAYMENT_APPROVAL_TIMED_OUT' end,
              case when ${STATUS_OF_N} = 'REJECTED' then 'Declined by compliance review' end,
              ${CREATED_OF_N} + interval '600 seconds',
              case when ${STATUS_OF_N} = 'COMPLETED' then ${CREATED_OF_N} + interval '5 seconds' end,
              ${CREATED_OF_N},
              ${CREATED_OF_N} + interval '5 seconds'
         from generate_series((:from)::int, (:to)::int) as n`,
    );
    await run(
      `insert into ledger_entries (movement_id, transaction_id, account, currency_code, amount, created_at)
       select 'Movement:' || md5('bench-movement-' || n)::uuid,
              'Transaction:' || md5('bench-transaction-' || n)::uuid,
              leg.account, ${CURRENCY_OF_N}, leg.amount, ${CREATED_OF_N} + interval '5 seconds'
         from generate_series((:from)::int, (:to)::int) as n,
              lateral (values
                ('uma:$success.' || lower(${CURRENCY_OF_N}) || '@sandbox.uma.money', -${AMOUNT_OF_N}),
                (${ACCOUNT_ID(CURRENCY_OF_N)}, ${AMOUNT_OF_N})) as leg(account, amount)
        where ${STATUS_OF_N} = 'COMPLETED'`,
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}

const SEEDED_TABLES = ["customers", "internal_accounts", "transactions", "ledger_entries"];
/** Above this many new rows, secondary indexes are dropped for the load and built again after it. */
const REBUILD_INDEXES_ABOVE = 100_000;

/** The secondary indexes of the seeded tables, with the statements that create them as they are. */
async function secondaryIndexes(client: pg.Client): Promise<{ name: string; definition: string }[]> {
  const result = await client.query<{ name: string; definition: string }>(
    `select ci.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class ci on ci.oid = i.indexrelid
       join pg_class ct on ct.oid = i.indrelid
      where ct.relname = any($1::text[]) and ct.relnamespace = 'public'::regnamespace
        and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [SEEDED_TABLES],
  );
  return result.rows;
}

/**
 * Seeds rows until `total` customers and transactions carry the benchmark's mark, then vacuums and analyses the
 * tables as autovacuum eventually would and writes a checkpoint, so both sizes are measured in the same steady
 * state. A large load runs without the secondary indexes, which are then built again from their own definitions
 * (random ids make a million single inserts into ten indexes per table slow); primary keys stay, so ids are still
 * checked.
 */
export async function seedUpTo(
  client: pg.Client,
  plan: SeedPlan,
  total: number,
  log: (line: string) => void,
): Promise<void> {
  const started = Date.now();
  let from = (await seededCount(client)) + 1;
  // Durability of each chunk's commit does not matter here; a crash means seeding again.
  await client.query("set synchronous_commit = off");
  await client.query("set maintenance_work_mem = '256MB'");
  const rebuild = total - from + 1 > REBUILD_INDEXES_ABOVE ? await secondaryIndexes(client) : [];
  for (const index of rebuild) await client.query(`drop index if exists "${index.name}"`);
  try {
    while (from <= total) {
      const to = Math.min(total, from + CHUNK_ROWS - 1);
      await seedChunk(client, plan, from, to);
      log(`seeded rows ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")}`);
      from = to + 1;
    }
  } finally {
    for (const index of rebuild) await client.query(index.definition);
    if (rebuild.length > 0) log(`rebuilt ${rebuild.length} indexes`);
  }
  await client.query(`vacuum analyze ${SEEDED_TABLES.join(", ")}`);
  // The load wrote gigabytes of WAL, so PostgreSQL has a checkpoint under way, spread over minutes; measured during
  // it, every request paid up to 1.5 ms more at a million rows (a fixed cost, not a growing one). Finishing it now
  // measures both sizes with nothing left to write.
  await client.query("checkpoint");
  log(
    `seeding to ${total.toLocaleString("en-US")} rows took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
