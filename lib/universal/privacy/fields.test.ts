import { describe, expect, it } from "vitest";
import { DEFAULT_VISIBILITY, maskCounterparty, maskValue } from "./fields";
import { MASKED_FIELDS_KEY, maskPersonalData } from "./mask-transaction";

describe("maskValue", () => {
  it("keeps enough to tell values apart, not enough to use them", () => {
    expect(maskValue("FULL_NAME", "Ana María López")).toBe("A••• M••• L•••");
    expect(maskValue("EMAIL", "ana@example.com")).toBe("a•••@example.com");
    expect(maskValue("PHONE_NUMBER", "+5215512345678")).toBe("••••••78");
    expect(maskValue("BIRTH_DATE", "1991-03-14")).toBe("••••-••-••");
    expect(maskValue("NATIONALITY", "MX")).toBe("••••••");
    expect(maskValue("SOMETHING_NEW", "secret")).toBe("••••••");
  });
});

describe("maskCounterparty", () => {
  const sender = { FULL_NAME: "Bob Sender", BIRTH_DATE: "1980-01-02", NATIONALITY: "US" };

  it("leaves what the role sees and masks the rest, naming what it masked", () => {
    const { information, masked } = maskCounterparty(sender, DEFAULT_VISIBILITY.compliance);
    expect(information).toEqual({ FULL_NAME: "Bob Sender", BIRTH_DATE: "••••-••-••", NATIONALITY: "US" });
    expect(masked).toEqual(["BIRTH_DATE"]);
  });

  it("masks everything for a viewer by default, and nothing for an admin", () => {
    expect(maskCounterparty(sender, DEFAULT_VISIBILITY.viewer).masked).toEqual(Object.keys(sender));
    expect(maskCounterparty(sender, DEFAULT_VISIBILITY.admin).masked).toEqual([]);
  });
});

describe("maskPersonalData", () => {
  const page = {
    data: [
      { id: "Transaction:1", counterpartyInformation: { FULL_NAME: "Bob Sender" } },
      { id: "Transaction:2" },
    ],
    hasMore: false,
  };

  it("masks every counterpartyInformation in a page and says which fields", () => {
    const masked = maskPersonalData(page, []);
    expect(masked.data[0]).toEqual({
      id: "Transaction:1",
      counterpartyInformation: { FULL_NAME: "B••• S•••" },
      [MASKED_FIELDS_KEY]: ["FULL_NAME"],
    });
    expect(masked.data[1]).toBe(page.data[1]);
    expect(page.data[0]?.counterpartyInformation?.FULL_NAME).toBe("Bob Sender");
  });

  it("reaches a webhook's nested transaction and returns the same object when nothing is masked", () => {
    const delivery = { payload: { transaction: { counterpartyInformation: { EMAIL: "bob@x.io" } } } };
    expect(maskPersonalData(delivery, ["contact"])).toBe(delivery);
    expect(maskPersonalData(delivery, []).payload.transaction.counterpartyInformation).toEqual({
      EMAIL: "b•••@x.io",
    });
  });
});
