import "server-only";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ScreeningQuery } from "../../universal/screening/types";
import { queryOfCustomer } from "./customer-query";
import { loadListsFromDir } from "./load";
import { buildIndex, type ScreeningIndex, screen } from "./matcher";
import { queryOfCounterparty } from "./screen-subject";

// Ways around the watchlists an audit found, each against the real entries they hid: OFAC SDN 16692 "SECHIN, Igor"
// and 16671 "ROTENBERG, Boris" (people), 16681 "BANK ROSSIYA" (an entity), UN QDi.263 "HAFIZ MUHAMMAD SAEED".
const SECHIN = "16692";
const ROTENBERG = "16671";
const ROSSIYA = "16681";
const SAEED = "QDi.263";

let index: ScreeningIndex;
beforeAll(async () => {
  index = buildIndex(await loadListsFromDir(join(import.meta.dirname, "../../../data/screening/lists")));
});

const hitOn = (query: ScreeningQuery | null, entryId: string) => {
  if (!query) throw new Error("no query");
  return screen(index, query).hits.find((hit) => hit.entryId === entryId);
};

describe("a kind that says only which field was filled in", () => {
  it("compares a business name with people and a person's name with organisations, at a small cost", () => {
    const sechin = hitOn(queryOfCounterparty({ BUSINESS_NAME: "Igor Sechin" }), SECHIN);
    expect(sechin?.alert).toBe(true);
    expect(sechin?.factors).toContainEqual({ label: "kind mismatch", value: -0.1 });
    expect(sechin?.fields).toContainEqual({
      field: "kind",
      verdict: "mismatch",
      query: "entity",
      entry: "person",
      effect: -0.1,
    });
    expect(hitOn(queryOfCounterparty({ FULL_NAME: "Bank Rossiya" }), ROSSIYA)?.alert).toBe(true);
    // The same kind costs nothing.
    const same = hitOn(queryOfCounterparty({ FULL_NAME: "Igor Sechin" }), SECHIN);
    expect(same?.score).toBe(1);
    expect(same?.fields.map((f) => f.field)).not.toContain("kind");
  });

  it("screens a sole trader: a business customer whose legal name is a listed person's", () => {
    const query = queryOfCustomer({ customerType: "BUSINESS", businessInfo: { legalName: "Igor Sechin" } });
    expect(hitOn(query, SECHIN)?.alert).toBe(true);
  });

  it("screens every name a counterparty gives, in one screening, and says which name met the entry", () => {
    const query = queryOfCounterparty({ FULL_NAME: "Ana Lopez", BUSINESS_NAME: "Bank Rossiya" });
    expect(query?.name).toBe("Ana Lopez / Bank Rossiya");
    const hit = hitOn(query, ROSSIYA);
    expect(hit?.alert).toBe(true);
    expect(hit?.fields[0]).toMatchObject({ field: "name", query: "Bank Rossiya", verdict: "match" });
    const customer = queryOfCustomer({
      customerType: "BUSINESS",
      fullName: "Igor Sechin",
      businessInfo: { legalName: "Acme Trading" },
    });
    expect(hitOn(customer, SECHIN)?.alert).toBe(true);
  });
});

describe("letters of other scripts that look like Latin ones", () => {
  it.each([
    ["Igor Ѕeсhin", SECHIN, "person"], // Cyrillic dze and es
    ["ΗAFIZ MUΗAMMAD SAEED", SAEED, "person"], // Greek eta
    ["Bank Roѕsiya", ROSSIYA, "entity"],
    ["Вoriѕ Rotenberg", ROTENBERG, "person"], // Cyrillic ve and dze
    ["Ꮋafiz Ꮇuhammad Ꮪaeed", SAEED, "person"], // Cherokee
    ["ꓧꓮꓝꓲꓜ ꓟꓴꓧꓮꓟꓟꓮꓓ ꓢꓮꓰꓰꓓ", SAEED, "person"], // Lisu alone
  ] as const)("finds %s by the shapes of its letters", (name, entryId, kind) => {
    expect(hitOn({ name, kind }, entryId)?.alert).toBe(true);
  });

  it("still reads a name written in Cyrillic by sound", () => {
    expect(hitOn({ name: "Игорь Сечин", kind: "person" }, SECHIN)?.alert).toBe(true);
    expect(hitOn({ name: "Борис Ротенберг", kind: "person" }, ROTENBERG)?.alert).toBe(true);
  });
});

describe("words split letter by letter or mid-word", () => {
  it.each([
    ["Igo-r Sec-hin", SECHIN],
    ["Igo.r Sec.hin", SECHIN],
    ["Igo_r Sec_hin", SECHIN],
    ["Igo r Sec hin", SECHIN],
    ["I G O R S E C H I N", SECHIN],
    ["H-a-f-i-z M-u-h-a-m-m-a-d S-a-e-e-d", SAEED],
  ])("finds %s", (name, entryId) => {
    expect(hitOn({ name, kind: "person" }, entryId)?.alert).toBe(true);
  });
});
