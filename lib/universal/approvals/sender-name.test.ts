import { describe, expect, it } from "vitest";
import { senderNameOf } from "./sender-name";

describe("senderNameOf", () => {
  it("prefers the full name, then the business name", () => {
    expect(senderNameOf({ FULL_NAME: "Ana López", BUSINESS_NAME: "Acme" })).toBe("Ana López");
    expect(senderNameOf({ BUSINESS_NAME: " Acme S.A. " })).toBe("Acme S.A.");
  });

  it("gives the fallback when no name is a non-empty string", () => {
    expect(senderNameOf({}, "an unknown sender")).toBe("an unknown sender");
    expect(senderNameOf({ FULL_NAME: "  " }, "Unknown sender")).toBe("Unknown sender");
    expect(senderNameOf({ FULL_NAME: 42 })).toBe("");
  });
});
