import { beforeAll, describe, expect, it } from "vitest";
import { createCustomerAtApi } from "../../../service/test-support/payment-fixtures";
import { consoleAgainstService } from "../../../test-support/console-against-service";
import { unListOnlyDir } from "../policies/deciding-test-setup";

// A search by words of a name reaches customers older than the newest MAX_SEARCHED it reads from the API, through the
// words of their names the customer sweep keeps (decision 0095), against a real payment service and console database.

const world = consoleAgainstService("older_customers", { listsDir: unListOnlyDir() });

/** A customer created straight at the API, as the platform's backend would. */
const createAtApi = (
  name: string,
  customerType: "INDIVIDUAL" | "BUSINESS" = "INDIVIDUAL",
  more: { umaAddress?: string; people?: { fullName: string; emailAddress: string }[] } = {},
) => createCustomerAtApi(world.service, { FULL_NAME: name, customerType, ...more });

/** 0 → "Aaa", 1 → "Aab": names take letters only. */
const lettersOf = (n: number) =>
  [Math.floor(n / 676), Math.floor(n / 26) % 26, n % 26]
    .map((digit, i) => String.fromCharCode((i === 0 ? 65 : 97) + digit))
    .join("");

describe("a search by name reaches customers older than the newest it reads", () => {
  let wojcik: { id: string };
  let kowalska: { id: string; platformCustomerId: string };
  let kowalskiTrading: { id: string };
  let newest: { id: string };
  let byAddress: { id: string };

  beforeAll(async () => {
    const { MAX_SEARCHED } = await import("./customer-search");
    wojcik = await createAtApi("Zofia Wójcik");
    kowalska = await createAtApi("Zofia Kowalska");
    kowalskiTrading = await createAtApi("Zofia Kowalski Trading", "BUSINESS");
    byAddress = await createAtApi("Quillon Holdings", "BUSINESS", {
      umaAddress: "$treasury.quillon@uma.localhost",
      people: [{ fullName: "Marek Dąbrowski", emailAddress: "m.dabrowski@quillon-mail.example" }],
    });
    // Enough newer customers that the three above are past what a search reads from the API.
    for (let start = 0; start < MAX_SEARCHED; start += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, MAX_SEARCHED - start) }, (_, i) =>
          createAtApi(`Filler ${lettersOf(start + i)}`),
        ),
      );
    }
    newest = await createAtApi("Zofia Nowak");
  }, 300_000);

  it("finds only the newest before the sweep has read every customer's name, and says the older ones were not all searched", async () => {
    const { matchingCustomers, matchingCustomersQuerySchema } = await import("./customers-matching");
    const found = await matchingCustomers(matchingCustomersQuerySchema.parse({ q: "zofia" }));
    expect(found.data.map((customer) => customer.id)).toEqual([newest.id]);
    expect(found.complete).toBe(false);
    expect(found.older).toEqual({ found: 0, complete: false });
  });

  it("finds an older customer by a whole identifier (its Customer: id, UMA address or platform id) before any sweep", async () => {
    const { matchingCustomers, matchingCustomersQuerySchema } = await import("./customers-matching");
    const search = (query: Record<string, string>) =>
      matchingCustomers(matchingCustomersQuerySchema.parse(query)).then((found) => ({
        ids: found.data.map((customer) => customer.id),
        older: found.older,
      }));
    expect(await search({ q: wojcik.id })).toEqual({
      ids: [wojcik.id],
      older: { found: 1, complete: false },
    });
    expect((await search({ q: "$treasury.quillon@uma.localhost" })).ids).toEqual([byAddress.id]);
    expect((await search({ q: "treasury.quillon@uma.localhost" })).ids).toEqual([byAddress.id]);
    expect((await search({ q: kowalska.platformCustomerId })).ids).toEqual([kowalska.id]);
    // The list's own filters still apply to a customer found this way.
    expect((await search({ q: wojcik.id, customerType: "BUSINESS" })).ids).toEqual([]);
  });

  it("after a sweep, finds the older ones by the beginnings of their words (name, UMA address, platform id, a business's people), newest first, as they are now", async () => {
    const { sweepCustomersOnce } = await import("../screening/customer-sweep");
    const { currentEnvironment } = await import("../environments/current");
    const { matchingCustomers, matchingCustomersQuerySchema } = await import("./customers-matching");
    const { searchCustomers } = await import("./customer-search");
    const search = (query: Record<string, string>) =>
      matchingCustomers(matchingCustomersQuerySchema.parse(query)).then((found) => ({
        ids: found.data.map((customer) => customer.id),
        older: found.older,
      }));
    await sweepCustomersOnce(currentEnvironment());

    expect(await search({ q: "zofia" })).toEqual({
      ids: [newest.id, kowalskiTrading.id, kowalska.id, wojcik.id],
      older: { found: 3, complete: true },
    });
    // Accents folded, a word found by its beginning, every word needed, the list's own filters applied.
    expect((await search({ q: "wojcik" })).ids).toEqual([wojcik.id]);
    expect((await search({ q: "zof kowal" })).ids).toEqual([kowalskiTrading.id, kowalska.id]);
    expect((await search({ q: "zofia", customerType: "BUSINESS" })).ids).toEqual([kowalskiTrading.id]);
    expect((await search({ q: "ofia" })).ids).toEqual([newest.id]);
    // One letter alone is not looked for among older customers, and the answer says they were not all searched.
    const letter = await search({ q: "z" });
    expect(letter.older).toEqual({ found: 0, complete: false });
    expect(letter.ids).not.toContain(wojcik.id);
    // Pages of the matches carry on past the newest ones.
    const second = await matchingCustomers(
      matchingCustomersQuerySchema.parse({ q: "zofia", limit: "2", cursor: "2" }),
    );
    expect(second.data.map((customer) => customer.id)).toEqual([kowalska.id, wojcik.id]);

    // A rename at the API since the sweep read the name is judged by the name as it is now.
    const renamed = await world.service.api(`/customers/${encodeURIComponent(kowalska.id)}`, {
      method: "PATCH",
      json: { customerType: "INDIVIDUAL", fullName: "Anna Kowalska" },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect((await search({ q: "zofia" })).ids).toEqual([newest.id, kowalskiTrading.id, wojcik.id]);

    // By the words of a UMA address, a platform id, and a business's people's names and emails (the API keeps emails
    // for them only), typed in full or begun.
    expect((await search({ q: "$treasury.quillon@uma.localhost" })).ids).toEqual([byAddress.id]);
    expect((await search({ q: "m.dabrowski@quillon" })).ids).toEqual([byAddress.id]);
    expect((await search({ q: "dąbrowski" })).ids).toEqual([byAddress.id]);
    const { platformCustomerId } = (await (
      await world.service.api(`/customers/${encodeURIComponent(byAddress.id)}`)
    ).json()) as { platformCustomerId: string };
    expect((await search({ q: platformCustomerId })).ids).toEqual([byAddress.id]);

    // The pickers' search too.
    const picked = await searchCustomers("wójcik");
    expect(picked.data.map((choice) => choice.id)).toEqual([wojcik.id]);
    expect(picked.older).toEqual({ found: 1, complete: true });

    // While a sweep reads (a bulk import's thousands not yet reached), the older ones are not said to be all.
    const { takeSweepTurn, endSweepTurn } = await import("../screening/customer-sweep-turn");
    const turn = await takeSweepTurn(currentEnvironment());
    if (!turn) throw new Error("no other console sweeps here");
    try {
      expect((await searchCustomers("wójcik")).older).toEqual({ found: 1, complete: false });
    } finally {
      await endSweepTurn(turn, undefined);
    }
    expect((await searchCustomers("wójcik")).older).toEqual({ found: 1, complete: true });
  }, 180_000);

  it("does not read every customer a word begins: the word that begins the fewest picks them", async () => {
    const { olderIdsNamed, MAX_ROWS_OF_A_WORD } = await import("./older-customers");
    const { currentEnvironment } = await import("../environments/current");
    const { sql } = await import("drizzle-orm");
    // A word every customer's UMA address holds (its domain's) on a large platform: more than are read for one word.
    await world.db.execute(sql`
      insert into customer_name_words (environment, customer_id, word, customer_created_at)
      select ${currentEnvironment()}, 'Customer:everyone-' || i, 'everyone', now() - interval '400 days'
        from generate_series(1, ${MAX_ROWS_OF_A_WORD + 1}) i`);
    await world.db.execute(sql`
      insert into customer_name_words (environment, customer_id, word, customer_created_at)
      values (${currentEnvironment()}, ${byAddress.id}, 'everyone', now())`);

    expect(await olderIdsNamed("everyone", null, 100)).toEqual({ ids: [], more: true });
    expect(await olderIdsNamed("everyone quillon", null, 100)).toEqual({ ids: [byAddress.id], more: false });
    expect(await olderIdsNamed("quillon everyone", null, 100)).toEqual({ ids: [byAddress.id], more: false });
  });
});
