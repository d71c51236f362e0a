import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY } from "./fields";
import { maskPersonalDataBytes } from "./mask-json-bytes";
import { maskPersonalData } from "./mask-transaction";

const viewer = DEFAULT_VISIBILITY.viewer;
const compliance = DEFAULT_VISIBILITY.compliance;
const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));
const masked = (value: unknown, visible = viewer) =>
  JSON.parse(maskPersonalDataBytes(bytes(value), visible).toString("utf8")) as unknown;

const sender = { FULL_NAME: "Bob Sender", BIRTH_DATE: "1980-01-02", NATIONALITY: "US" };

/** A page of payments as the API answers it, with the awkward strings a memo or a name may hold. */
function page(): unknown {
  return {
    data: [
      {
        id: "Transaction:1",
        description: 'a memo with "quotes", a \\ backslash and {braces} [brackets] : colons',
        counterpartyInformation: sender,
        amount: { amount: 12_345, currency: "USD" },
      },
      {
        id: "Transaction:2",
        description: '"counterpartyInformation":{"FULL_NAME":"not a key"}',
        amount: null,
      },
      {
        id: "Transaction:3",
        counterpartyInformation: { FULL_NAME: "Zoë Ünïcode 名前", EMAIL: "z@example.com" },
      },
      { id: "Transaction:4", counterpartyInformation: null, nested: { counterpartyInformation: sender } },
      { id: "Transaction:5", counterpartyInformation: {} },
      { id: "Transaction:6", list: [{ counterpartyInformation: { PHONE_NUMBER: "+5215512345678" } }] },
      // A key that merely ends in the name: its bytes hold `\"counterpartyInformation"`, an escaped quote first.
      { id: "Transaction:7", '"counterpartyInformation': { FULL_NAME: "Not Counterparty" } },
    ],
    hasMore: true,
    nextCursor: "abc\\",
  };
}

describe("maskPersonalDataBytes", () => {
  it("masks exactly what maskPersonalData masks, wherever the counterparty data sits", () => {
    for (const visible of [viewer, compliance, DEFAULT_VISIBILITY.admin]) {
      expect(masked(page(), visible)).toEqual(maskPersonalData(page(), visible));
    }
  });

  it("passes every other byte as the API sent it, and the same Buffer when nothing needs masking", () => {
    const spaced = Buffer.from(
      '{ "id" : "Transaction:1",\n  "amount" : 12345678901234567890 ,\n "counterpartyInformation" : {"FULL_NAME":"Bob Sender"} }',
    );
    const out = maskPersonalDataBytes(spaced, viewer).toString("utf8");
    // The big number stays as written: the body is not parsed and serialised whole.
    expect(out).toContain('"amount" : 12345678901234567890 ,');
    expect(JSON.parse(out)).toMatchObject({ counterpartyInformation: { FULL_NAME: "B••• S•••" } });

    const none = bytes({ id: "Quote:1", counterpartyInformation: { FULL_NAME: "Bob Sender" } });
    expect(maskPersonalDataBytes(none, DEFAULT_VISIBILITY.admin)).toBe(none);
    const without = Buffer.from('{ "id" : "Quote:1" }');
    expect(maskPersonalDataBytes(without, viewer)).toBe(without);
    const notJson = Buffer.from('not json "counterpartyInformation"');
    expect(maskPersonalDataBytes(notJson, viewer)).toBe(notJson);
  });

  it("still masks a key written with escapes, and never trusts a masked-fields key the API sent", () => {
    const escaped = Buffer.from('{"counterparty\\u0049nformation":{"FULL_NAME":"Bob Sender"}}');
    expect(JSON.parse(maskPersonalDataBytes(escaped, viewer).toString("utf8"))).toEqual({
      counterpartyInformation: { FULL_NAME: "B••• S•••" },
      maskedCounterpartyFields: ["FULL_NAME"],
    });
    const spoofed = bytes({ counterpartyInformation: sender, maskedCounterpartyFields: [] });
    expect(JSON.parse(maskPersonalDataBytes(spoofed, viewer).toString("utf8"))).toEqual(
      maskPersonalData({ counterpartyInformation: sender, maskedCounterpartyFields: [] }, viewer),
    );
  });

  it("writes every mask as maskValue does, for generated values: scripts, every kind of space, emails, odd types", () => {
    const pieces = [
      "a",
      "B",
      "Zoë",
      "名前",
      "😀x",
      " ",
      "  ",
      "\u00a0",
      "\u2003",
      "\u3000",
      "\ufeff",
      "\t",
      "@",
      "x@y.z",
      "\u0085",
      "é",
      "12",
      '"q"',
      "back\\slash",
      "\u2028",
      "\n",
      "\u1680",
      "\u205f",
      "\u180e",
    ];
    const fields = [
      "FULL_NAME",
      "BUSINESS_NAME",
      "EMAIL",
      "PHONE_NUMBER",
      "TAX_ID",
      "BIRTH_DATE",
      "NATIONALITY",
      "ADDRESS",
      "SOMETHING_NEW",
    ];
    // mulberry32: a seeded generator whose every bit is usable (an LCG's low bits repeat in short cycles).
    let seed = 7;
    const pick = (count: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let mixed = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
      return ((mixed ^ (mixed >>> 14)) >>> 0) % count;
    };
    const canonical = (value: unknown): string =>
      JSON.stringify(value, (_key, inner: unknown) =>
        inner && typeof inner === "object" && !Array.isArray(inner)
          ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
          : inner,
      );
    for (let round = 0; round < 3_000; round++) {
      const information: Record<string, unknown> = {};
      for (let field = 0; field <= pick(4); field++) {
        const kind = pick(10);
        information[fields[pick(fields.length)] ?? "FULL_NAME"] =
          kind === 0
            ? pick(1000)
            : kind === 1
              ? null
              : kind === 2
                ? { line1: "x" }
                : Array.from({ length: pick(5) }, () => pieces[pick(pieces.length)]).join("");
      }
      const payment = { data: [{ id: "Transaction:1", counterpartyInformation: information, memo: "m" }] };
      const visible = [viewer, compliance, DEFAULT_VISIBILITY.admin][pick(3)] ?? viewer;
      const text = pick(2) === 0 ? JSON.stringify(payment, null, 2) : JSON.stringify(payment);
      const got = JSON.parse(maskPersonalDataBytes(Buffer.from(text), visible).toString("utf8")) as unknown;
      expect(canonical(got), text).toBe(canonical(maskPersonalData(JSON.parse(text), visible)));
    }
  });
});
