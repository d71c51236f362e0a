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
});
