import { randomBytes } from "node:crypto";
import type pg from "pg";
import { configurePlatform, getJson, postJson } from "../../test-support/payment-fixtures";
import type { ServiceApi } from "../../test-support/service";

/**
 * A platform with customers, balances in three currencies and bank accounts with every sandbox outcome, made
 * over HTTP only (so it works against a service in another process), and a random load of money operations on
 * it: funding, transfers in and out, quotes paid at once or executed later (twice at once, or through the
 * sandbox's send), incoming payments approved or rejected. Every 2xx is recorded, so a check can later demand
 * that each acknowledged write is there, once.
 */

const CURRENCIES = ["USD", "EUR", "MXN"] as const;
type Currency = (typeof CURRENCIES)[number];
/** Sandbox bank outcomes by the account number's last digits: completes, fails at once (three ways), pending. */
const BANK_SUFFIXES = ["001", "002", "003", "004", "005"] as const;
const SENDERS: Record<Currency, string> = {
  USD: "$success.usd@sandbox.uma.money",
  EUR: "$success.eur@sandbox.uma.money",
  MXN: "$success.mxn@sandbox.uma.money",
};

interface WorldCustomer {
  id: string;
  accounts: Record<Currency, string>;
  /** USD bank accounts by outcome suffix. */
  banks: Record<(typeof BANK_SUFFIXES)[number], string>;
}

export interface MoneyWorld {
  customers: WorldCustomer[];
  /** Customers the random load never touches, for checks that need a balance nothing else moves. */
  spare: WorldCustomer[];
  platformAccounts: Record<Currency, string>;
}

async function must(result: Promise<{ status: number; body: Record<string, unknown> }>, what: string) {
  const { status, body } = await result;
  if (status >= 300) throw new Error(`${what} failed with ${status}: ${JSON.stringify(body)}`);
  return body;
}

function byCurrency(list: unknown): Record<Currency, string> {
  const accounts = (list as { id: string; balance: { currency: { code: string } } }[]) ?? [];
  const found: Partial<Record<Currency, string>> = {};
  for (const account of accounts) {
    const code = account.balance?.currency?.code as Currency | undefined;
    if (code && (CURRENCIES as readonly string[]).includes(code)) found[code] = account.id;
  }
  for (const code of CURRENCIES)
    if (!found[code]) throw new Error(`no ${code} account in ${JSON.stringify(list)}`);
  return found as Record<Currency, string>;
}

export async function prepareMoneyWorld(
  api: ServiceApi,
  options: { customers: number; spare?: number; webhookEndpoint?: string },
): Promise<MoneyWorld> {
  await configurePlatform(api, {
    currencies: CURRENCIES.map((currencyCode) => ({
      currencyCode,
      minAmount: 1,
      maxAmount: 1_000_000_000_000,
    })),
    ...(options.webhookEndpoint ? { webhookEndpoint: options.webhookEndpoint } : {}),
  });
  const customers: WorldCustomer[] = [];
  for (let i = 0; i < options.customers + (options.spare ?? 0); i++) {
    const created = await must(
      postJson(api, "/customers", {
        platformCustomerId: `load-${i}-${randomBytes(4).toString("hex")}`,
        customerType: "INDIVIDUAL",
        fullName: "Load Tester",
        birthDate: "1990-04-25",
        nationality: "US",
        address: { line1: "1 Main Street", city: "Springfield", postalCode: "12345", country: "US" },
      }),
      "creating a customer",
    );
    const id = String(created.id);
    const accounts = await must(
      getJson(api, `/customers/internal-accounts?customerId=${id}&limit=100`),
      "accounts",
    );
    const banks: Partial<WorldCustomer["banks"]> = {};
    for (const suffix of BANK_SUFFIXES) {
      const bank = await must(
        postJson(api, "/customers/external-accounts", {
          customerId: id,
          currency: "USD",
          accountInfo: {
            accountType: "US_ACCOUNT",
            accountNumber: `${100_000 + i * 10 + BANK_SUFFIXES.indexOf(suffix)}${suffix}`,
            routingNumber: "021000021",
            accountCategory: "CHECKING",
            bankName: "Load Bank",
          },
        }),
        "creating a bank account",
      );
      banks[suffix] = String(bank.id);
    }
    customers.push({ id, accounts: byCurrency(accounts.data), banks: banks as WorldCustomer["banks"] });
  }
  const platform = await must(getJson(api, "/platform/internal-accounts"), "platform accounts");
  return {
    customers: customers.slice(0, options.customers),
    spare: customers.slice(options.customers),
    platformAccounts: byCurrency(platform.data),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Random operations

/** A small seeded generator, so a failing run can be replayed from its seed. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
  };
}
type Random = ReturnType<typeof randomSource>;

/** What the service acknowledged (2xx) and what was attempted, accumulated over a whole run. */
export interface Acks {
  transactions: Map<string, { kind: string; status: string; account?: string; amount?: number }>;
  quotes: Map<string, { executed: boolean }>;
  decisions: Map<string, "COMPLETED" | "REJECTED">;
  funds: Map<string, { acked: number; ackedAmount: number; attempted: number; attemptedAmount: number }>;
}

export const newAcks = (): Acks => ({
  transactions: new Map(),
  quotes: new Map(),
  decisions: new Map(),
  funds: new Map(),
});

export interface LoadStats {
  operations: number;
  requests: number;
  /** Requests with no answer (the service was killed under them): their outcome is unknown. */
  inDoubt: number;
  /** Answers no correct service gives: 5xx, or a code the operation cannot produce. */
  problems: string[];
  byKind: Record<string, number>;
}

export const newStats = (): LoadStats => ({
  operations: 0,
  requests: 0,
  inDoubt: 0,
  problems: [],
  byKind: {},
});

type Answer = { status: number; body: Record<string, unknown> } | undefined;

class Client {
  constructor(
    private readonly api: ServiceApi,
    private readonly stats: LoadStats,
  ) {}

  /** One request; undefined when no answer came (the connection broke). */
  async call(method: string, path: string, json?: unknown): Promise<Answer> {
    this.stats.requests++;
    try {
      const response = await this.api.api(path, {
        method,
        ...(json !== undefined ? { json } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { unparsed: text.slice(0, 200) };
      }
      return { status: response.status, body };
    } catch {
      this.stats.inDoubt++;
      return undefined;
    }
  }

  /** Records an answer that is neither expected nor a lost connection. */
  expect(
    answer: Answer,
    what: string,
    allowed: Record<number, string[] | "any">,
  ): answer is NonNullable<Answer> {
    if (!answer) return false;
    const codes = allowed[answer.status];
    const code = String(answer.body.code ?? "");
    if (codes === "any" || codes?.includes(code)) return answer.status < 300;
    if (this.stats.problems.length < 50) {
      this.stats.problems.push(
        `${what} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
      );
    }
    return false;
  }
}

const amountOf = (value: unknown) => Number((value as { amount?: number } | undefined)?.amount ?? Number.NaN);

/** Runs one random operation (one to three requests). */
async function operate(client: Client, world: MoneyWorld, random: Random, acks: Acks, stats: LoadStats) {
  const customer = random.pick(world.customers);
  const currency = random.pick(CURRENCIES);
  const amount = random.int(1, random.next() < 0.8 ? 50_000 : 400_000);
  const roll = random.next();
  const kind =
    roll < 0.15 ? "fund" : roll < 0.3 ? "in" : roll < 0.45 ? "out" : roll < 0.8 ? "quote" : "receive";
  stats.operations++;
  stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
  switch (kind) {
    case "fund": {
      const account = random.next() < 0.15 ? world.platformAccounts[currency] : customer.accounts[currency];
      const fundAmount = amount * 4;
      const record = acks.funds.get(account) ?? {
        acked: 0,
        ackedAmount: 0,
        attempted: 0,
        attemptedAmount: 0,
      };
      acks.funds.set(account, record);
      record.attempted++;
      record.attemptedAmount += fundAmount;
      const answer = await client.call("POST", `/sandbox/internal-accounts/${account}/fund`, {
        amount: fundAmount,
      });
      if (client.expect(answer, "fund", { 200: "any" })) {
        record.acked++;
        record.ackedAmount += fundAmount;
      }
      return;
    }
    case "in": {
      const suffix = random.pick(BANK_SUFFIXES);
      const answer = await client.call("POST", "/transfer-in", {
        source: { accountId: customer.banks[suffix] },
        destination: { accountId: customer.accounts.USD },
        amount,
      });
      if (client.expect(answer, "transfer-in", { 201: "any" })) {
        acks.transactions.set(String(answer.body.id), {
          kind: "transfer-in",
          status: String(answer.body.status),
          account: customer.accounts.USD,
          amount,
        });
      }
      return;
    }
    case "out": {
      const suffix = random.pick(BANK_SUFFIXES);
      const whole = random.next() < 0.1;
      const answer = await client.call("POST", "/transfer-out", {
        source: { accountId: customer.accounts.USD },
        destination: { accountId: customer.banks[suffix] },
        ...(whole ? {} : { amount }),
      });
      if (client.expect(answer, "transfer-out", { 201: "any", 400: ["INSUFFICIENT_BALANCE"] })) {
        acks.transactions.set(String(answer.body.id), {
          kind: "transfer-out",
          status: String(answer.body.status),
          account: customer.accounts.USD,
          amount: amountOf(answer.body.sentAmount),
        });
      }
      return;
    }
    case "quote": {
      const fromPlatform = random.next() < 0.1;
      const source = fromPlatform ? world.platformAccounts[currency] : customer.accounts[currency];
      const toBank = random.next() < 0.25;
      const receiver = random.pick(world.customers);
      const receiving = toBank ? "USD" : random.pick(CURRENCIES);
      const destination = toBank
        ? receiver.banks[random.pick(BANK_SUFFIXES)]
        : random.next() < 0.1
          ? world.platformAccounts[receiving]
          : receiver.accounts[receiving];
      const mode = random.pick([
        "immediate",
        "immediate",
        "execute",
        "execute-twice",
        "send",
        "send-mismatch",
      ]);
      const created = await client.call("POST", "/quotes", {
        source: { accountId: source },
        destination: { accountId: destination, currency: receiving },
        lockedCurrencySide: random.next() < 0.5 ? "SENDING" : "RECEIVING",
        lockedCurrencyAmount: amount,
        ...(mode === "immediate" ? { immediatelyExecute: true } : {}),
      });
      const refused = { 400: ["INSUFFICIENT_BALANCE", "AMOUNT_OUT_OF_RANGE", "SELF_PAYMENT"] };
      if (!client.expect(created, `quote (${mode})`, { 201: "any", ...refused })) return;
      const quoteId = String(created.body.quoteId);
      const transactionId = String(created.body.transactionId ?? "");
      acks.quotes.set(quoteId, { executed: mode === "immediate" });
      if (mode === "immediate") {
        acks.transactions.set(transactionId, { kind: "quote", status: "PROCESSING" });
        return;
      }
      const execute = () => client.call("POST", `/quotes/${quoteId}/execute`);
      const executeAllowed = {
        200: "any" as const,
        400: ["INSUFFICIENT_BALANCE"],
        409: ["QUOTE_NOT_PENDING"],
      };
      if (mode === "execute" || mode === "execute-twice") {
        const answers = await Promise.all(mode === "execute" ? [execute()] : [execute(), execute()]);
        const won = answers.filter((answer) => client.expect(answer, `execute (${mode})`, executeAllowed));
        if (won.length > 1) stats.problems.push(`quote ${quoteId} was executed ${won.length} times`);
        if (won.length > 0) {
          acks.quotes.set(quoteId, { executed: true });
          acks.transactions.set(transactionId, { kind: "quote", status: "PROCESSING" });
        }
        return;
      }
      const total = Number(created.body.totalSendingAmount);
      const sent = await client.call("POST", "/sandbox/send", {
        quoteId,
        currencyCode: currency,
        ...(mode === "send-mismatch" ? { currencyAmount: total + 1 } : {}),
      });
      if (client.expect(sent, `sandbox send (${mode})`, { 200: "any" })) {
        acks.quotes.set(quoteId, { executed: true });
        acks.transactions.set(String(sent.body.id), { kind: "send", status: String(sent.body.status) });
      }
      return;
    }
    case "receive": {
      const received = await client.call("POST", "/sandbox/uma/receive", {
        senderUmaAddress: SENDERS[currency],
        receivingCurrencyCode: currency,
        receivingCurrencyAmount: amount,
        customerId: customer.id,
      });
      if (!client.expect(received, "receive", { 200: "any" })) return;
      const id = String(received.body.id);
      acks.transactions.set(id, { kind: "receive", status: String(received.body.status) });
      const decision = random.next();
      if (decision < 0.1) return;
      const approve = decision < 0.6;
      const answer = approve
        ? await client.call("POST", `/transactions/${id}/approve`, {
            receiverCustomerInfo: { FULL_NAME: "Receiving Person" },
          })
        : await client.call("POST", `/transactions/${id}/reject`, { reason: "load" });
      if (client.expect(answer, approve ? "approve" : "reject", { 200: "any" })) {
        acks.decisions.set(id, approve ? "COMPLETED" : "REJECTED");
      }
    }
  }
}

/**
 * Runs random operations from `clients` concurrent clients: `operations` of them in all, or until `stop()`
 * says so. Problems are answers no correct service gives; requests cut off by a kill are counted in doubt.
 */
export async function runLoad(
  api: ServiceApi,
  world: MoneyWorld,
  options: { clients: number; seed: number; operations?: number; stop?: () => boolean; deadlineMs?: number },
  acks: Acks,
  stats: LoadStats,
): Promise<void> {
  const deadline = Date.now() + (options.deadlineMs ?? 10 * 60_000);
  let started = 0;
  const client = new Client(api, stats);
  const worker = async (index: number) => {
    const random = randomSource(options.seed * 1_000 + index);
    for (;;) {
      if (options.operations !== undefined && started >= options.operations) return;
      if (options.stop?.() || Date.now() > deadline) return;
      started++;
      await operate(client, world, random, acks, stats);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, index) => worker(index)));
}

// ---------------------------------------------------------------------------------------------------------
// Checks of acknowledged writes

const FINAL = new Set(["COMPLETED", "FAILED", "REJECTED"]);

/**
 * Every acknowledged write is in the database once and still says what was acknowledged: transactions and
 * quotes exist, a final status acknowledged is still the status, an acknowledged decision is the payment's
 * status, a completed transfer-in was credited exactly once, and each account received at least every
 * acknowledged funding and at most every attempted one.
 */
export async function ackViolations(pool: pg.Pool, acks: Acks): Promise<string[]> {
  const violations: string[] = [];
  const add = (line: string) => {
    if (violations.length < 40) violations.push(line);
  };
  const ids = [...acks.transactions.keys()];
  const stored = new Map(
    (
      await pool.query<{ id: string; status: string }>(
        "select id, status from transactions where id = any($1::text[])",
        [ids],
      )
    ).rows.map((row) => [row.id, row.status]),
  );
  for (const [id, ack] of acks.transactions) {
    const status = stored.get(id);
    if (status === undefined) add(`acknowledged ${ack.kind} ${id} (${ack.status}) is missing`);
    else if (FINAL.has(ack.status) && status !== ack.status) {
      add(`acknowledged ${ack.kind} ${id} was ${ack.status}, is now ${status}`);
    }
  }
  for (const [id, decision] of acks.decisions) {
    const status = stored.get(id);
    if (status !== decision) add(`acknowledged decision ${decision} on ${id}, the payment is ${status}`);
  }
  const credits = await pool.query<{ transaction_id: string; n: string; total: string }>(
    `select transaction_id, count(*)::text as n, sum(amount)::text as total from ledger_entries
      where transaction_id = any($1::text[]) and account like 'InternalAccount:%' and amount > 0
      group by transaction_id`,
    [ids],
  );
  const creditOf = new Map(credits.rows.map((row) => [row.transaction_id, row]));
  for (const [id, ack] of acks.transactions) {
    if (ack.kind !== "transfer-in" || stored.get(id) !== "COMPLETED") continue;
    const credit = creditOf.get(id);
    if (credit?.n !== "1" || Number(credit.total) !== ack.amount) {
      add(
        `transfer-in ${id} of ${ack.amount} credited ${credit?.n ?? 0} time(s), ${credit?.total ?? 0} in all`,
      );
    }
  }
  const quoteIds = [...acks.quotes.keys()];
  const quotes = new Map(
    (
      await pool.query<{ id: string; status: string }>(
        "select id, status from quotes where id = any($1::text[])",
        [quoteIds],
      )
    ).rows.map((row) => [row.id, row.status]),
  );
  for (const [id, ack] of acks.quotes) {
    const status = quotes.get(id);
    if (status === undefined) add(`acknowledged quote ${id} is missing`);
    else if (ack.executed && status === "PENDING") add(`quote ${id} was acknowledged as paid but is PENDING`);
  }
  const funded = await pool.query<{ account: string; n: string; total: string }>(
    `select e.account, count(*)::text as n, sum(e.amount)::text as total from ledger_entries e
      where e.transaction_id is null and e.amount > 0 and e.account like 'InternalAccount:%'
        and exists (select 1 from ledger_entries f where f.movement_id = e.movement_id and f.account = 'sandbox:funding')
      group by e.account`,
  );
  const fundedOf = new Map(funded.rows.map((row) => [row.account, row]));
  for (const [account, record] of acks.funds) {
    const n = Number(fundedOf.get(account)?.n ?? 0);
    const total = Number(fundedOf.get(account)?.total ?? 0);
    if (n < record.acked || total < record.ackedAmount) {
      add(
        `${account}: ${record.acked} fundings (${record.ackedAmount}) acknowledged, ${n} (${total}) recorded`,
      );
    }
    if (n > record.attempted || total > record.attemptedAmount) {
      add(
        `${account}: ${n} fundings (${total}) recorded, only ${record.attempted} (${record.attemptedAmount}) sent`,
      );
    }
  }
  return violations;
}

/**
 * Samples the lowest balance of any internal account while a load runs, so "never negative" is watched during
 * the run and not only at its end.
 */
export function watchBalances(pool: pg.Pool, intervalMs = 25) {
  let lowest = Number.POSITIVE_INFINITY;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const result = await pool
        .query<{ low: string | null }>("select min(balance)::text as low from internal_accounts")
        .catch(() => undefined);
      // The database going away ends the watch; the run that stopped it reports why.
      if (!result) return;
      samples++;
      lowest = Math.min(lowest, Number(result.rows[0]?.low ?? 0));
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { lowest, samples };
    },
  };
}
