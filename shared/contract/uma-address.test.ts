import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_UMA_USERNAME_LENGTH,
  normalizeUmaAddress,
  parseUmaAddress,
  umaAddressIssue,
  umaAddressSchema,
  umaDomainSchema,
} from "./uma-address";

const usernameChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_.+");

describe("UMA address rules", () => {
  it("parses a valid address into its parts", () => {
    expect(parseUmaAddress("$alice@example.com")).toEqual({
      ok: true,
      value: { address: "$alice@example.com", username: "$alice", domain: "example.com" },
    });
  });

  it("rule 3: the username must start with $", () => {
    expect(umaAddressIssue("alice@example.com")).toBe("A UMA address starts with $, like $alice@example.com");
    expect(umaAddressIssue("a$lice@example.com")).toBe(
      "A UMA address starts with $, like $alice@example.com",
    );
  });

  it("rule 5: addresses are case-insensitive and normalised to lowercase", () => {
    const parsed = parseUmaAddress("$Alice.Smith@Example.COM");
    expect(parsed).toEqual({
      ok: true,
      value: { address: "$alice.smith@example.com", username: "$alice.smith", domain: "example.com" },
    });
    expect(umaAddressSchema.parse("$BOB@UMA.Money")).toBe("$bob@uma.money");
    expect(normalizeUmaAddress("$A@B.C")).toBe("$a@b.c");
  });

  it("rule 4: only a-z 0-9 - _ . + in the username, naming the offending character", () => {
    expect(umaAddressIssue("$a-b_c.d+e9@example.com")).toBeNull();
    expect(umaAddressIssue("$ali!ce@example.com")).toBe(
      'The username cannot contain "!"; use only a-z, 0-9, -, _, . and +',
    );
    expect(umaAddressIssue("$ali$ce@example.com")).toMatch(/cannot contain "\$"/);
    expect(umaAddressIssue("$josé@example.com")).toMatch(/cannot contain "é"/);
    expect(umaAddressIssue("$al ice@example.com")).toBe("A UMA address cannot contain spaces");
    // A letter that looks like an allowed one is named with its code point and script, or the message reads as
    // nonsense ("cannot contain "a"").
    expect(umaAddressIssue("$j\u0430mes@example.com")).toBe(
      'The username cannot contain "\u0430" U+0430, a Cyrillic letter; use only a-z, 0-9, -, _, . and +',
    );
    expect(umaAddressIssue("$suc\u0441ess@example.com")).toMatch(/"\u0441" U\+0441, a Cyrillic letter/);
    expect(umaAddressIssue("$jos\u00e9@example.com")).toMatch(/"\u00e9" U\+00E9, a Latin letter/);
    expect(umaAddressIssue("$a\u200bb@example.com")).toMatch(/U\+200B, an invisible character/);
    // A full-width @ is not an @, and is said to be one that looks like it.
    expect(umaAddressIssue("$alice\uff20example.com")).toBe(
      'The address holds "\uff20" U+FF20, a full-width or compatibility character, in place of @: type the plain @',
    );
    // U+212A lowercases to an ASCII "k" with String#toLowerCase; it is still not an allowed character.
    expect(umaAddressIssue("$\u212Aelvin@example.com")).toMatch(/cannot contain/);
    // In the domain it is a compatibility form of "K", refused by the look-alike rule (domain-scripts.ts).
    expect(umaAddressIssue("$kelvin@\u212Aelvin.com")).toMatch(
      /compatibility characters \("\u212A" U\+212A\)/,
    );
  });

  it("rule 6: 64 characters counting the $ pass, 65 fail", () => {
    const at64 = `$${"a".repeat(63)}@example.com`;
    const at65 = `$${"a".repeat(64)}@example.com`;
    expect(umaAddressIssue(at64)).toBeNull();
    expect(umaAddressIssue(at65)).toBe("The username is 65 characters counting the $; the limit is 64");
    expect(MAX_UMA_USERNAME_LENGTH).toBe(64);
  });

  it("rule 1: needs an @ and a domain", () => {
    expect(umaAddressIssue("$alice")).toBe("Add @ and a domain after the username, like $alice@example.com");
    expect(umaAddressIssue("$alice@")).toBe("Add a domain after @, like $alice@example.com");
    expect(umaAddressIssue("$alice@example")).toBe("The domain needs a dot, like example.com");
    expect(umaAddressIssue("$alice@ex_ample.com")).toMatch(/may use only a-z, 0-9 and hyphens/);
    expect(umaAddressIssue("$alice@a@b.com")).toBe("A UMA address has only one @");
  });

  it("needs a username after $ and something at all", () => {
    expect(umaAddressIssue("$@example.com")).toBe("Add a username after $");
    expect(umaAddressIssue("")).toBe("Enter a UMA address like $alice@example.com");
  });

  it("allows localhost and ports for local development", () => {
    expect(umaAddressIssue("$alice@localhost:3000")).toBeNull();
    expect(umaAddressIssue("$alice@uma.example.com:8443")).toBeNull();
    expect(umaAddressIssue("$alice@example.com:99999")).toBe("The port must be a number from 1 to 65535");
  });

  it("the schema reports the rule as its message and requires a value", () => {
    const result = umaAddressSchema.safeParse("alice@example.com");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("A UMA address starts with $, like $alice@example.com");
    expect(umaAddressSchema.safeParse(undefined).error?.issues[0]?.message).toBe("Required");
    expect(umaAddressSchema.safeParse(42).success).toBe(false);
  });

  it("every generated valid username parses and comes back lowercased", () => {
    fc.assert(
      fc.property(
        fc.array(usernameChar, { minLength: 1, maxLength: MAX_UMA_USERNAME_LENGTH - 1 }),
        fc.boolean(),
        (chars, shout) => {
          const name = chars.join("");
          const input = `$${shout ? name.toUpperCase() : name}@Example.com`;
          const parsed = parseUmaAddress(input);
          expect(parsed).toEqual({
            ok: true,
            value: { address: `$${name}@example.com`, username: `$${name}`, domain: "example.com" },
          });
        },
      ),
    );
  });

  it("any username longer than 64 characters fails, whatever its characters", () => {
    fc.assert(
      fc.property(fc.array(usernameChar, { minLength: MAX_UMA_USERNAME_LENGTH, maxLength: 200 }), (chars) => {
        return umaAddressIssue(`$${chars.join("")}@example.com`) !== null;
      }),
    );
  });

  it("any character outside the allowed set fails", () => {
    const bad = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 1 })
      .filter((ch) => !/^[a-zA-Z0-9\-_.+]$/.test(ch) && ch !== "@" && !/\s/.test(ch));
    fc.assert(fc.property(bad, (ch) => umaAddressIssue(`$ab${ch}cd@example.com`) !== null));
  });
});

describe("umaDomainSchema", () => {
  it("lowercases valid domains and refuses invalid ones", () => {
    expect(umaDomainSchema.parse("Pay.Example.com")).toBe("pay.example.com");
    expect(umaDomainSchema.safeParse("localhost:3000").success).toBe(true);
    expect(umaDomainSchema.safeParse("no spaces.com").success).toBe(false);
    expect(umaDomainSchema.safeParse("https://example.com").success).toBe(false);
  });
});
