import { domainToUnicode } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { updateConfigBodySchema } from "./config";
import {
  decodePunycode,
  domainAsSent,
  domainForPeople,
  domainScriptIssue,
  domainWithAsciiForm,
} from "./domain-scripts";
import { umaAddressIssue, umaDomainSchema } from "./uma-address";

/** The message a PATCH /config body with this domain is refused with, as the API answers it. */
function refusal(umaDomain: string): string | undefined {
  const parsed = updateConfigBodySchema.safeParse({ umaDomain });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe("look-alike domains (homographs)", () => {
  it("refuses a part that mixes Latin with a Cyrillic letter, naming it", () => {
    const message = refusal("ex\u0430mple.com");
    expect(message).toContain("mixes Latin letters with Cyrillic ones");
    expect(message).toContain('"\u0430" U+0430');
  });

  it("refuses a Greek omicron among Latin letters", () => {
    const message = refusal("ex\u03bfmple.com");
    expect(message).toContain("mixes Latin letters with Greek ones");
    expect(message).toContain("U+03BF");
  });

  it("refuses full-width letters, however they would normalise (NFKC)", () => {
    const message = refusal("\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com");
    expect(message).toContain("full-width or compatibility characters");
    expect(message).toContain("U+FF45");
    expect(message).toContain('write it as "example"');
    // Full-width Latin mixed with Cyrillic is still a mix once normalised.
    expect(refusal("\uff45x\u0430mple.com")).toContain("full-width");
  });

  it("refuses zero-width joiners and bidi controls", () => {
    const joiner = refusal("exa\u200dmple.com");
    expect(joiner).toContain("invisible characters (U+200D)");
    expect(joiner).toContain('"example"');
    expect(refusal("example\u202e.com")).toContain("U+202E");
    expect(refusal("exam\u00adple.com")).toContain("U+00AD");
  });

  it("refuses Latin letters outside a-z and punctuation that looks like a dot", () => {
    expect(refusal("ex\u0251mple.com")).toContain('"\u0251" U+0251');
    expect(refusal("example\u3002com")).toContain("not a letter, digit or hyphen");
  });

  it("reads an xn-- part back and refuses a look-alike that came encoded", () => {
    // xn--exmple-4nf is "exаmple" with the Cyrillic а.
    expect(domainToUnicode("xn--exmple-4nf.com")).toBe("ex\u0430mple.com");
    const message = refusal("xn--exmple-4nf.com");
    expect(message).toContain('"ex\u0430mple" (xn--exmple-4nf) mixes Latin letters with Cyrillic ones');
    expect(refusal("xn--zz.com")).toMatch(/not a valid xn--|may use only/);
  });

  it("takes a domain wholly in Cyrillic in its xn-- form, and shows it with that form beside it", () => {
    expect(domainScriptIssue("пример.рф")).toBeNull();
    expect(domainAsSent("пример.рф")).toBe("xn--e1afmkfd.xn--p1ai");
    expect(domainAsSent("ПРИМЕР.РФ:8443")).toBe("xn--e1afmkfd.xn--p1ai:8443");
    expect(umaDomainSchema.parse("xn--e1afmkfd.xn--p1ai")).toBe("xn--e1afmkfd.xn--p1ai");
    expect(domainWithAsciiForm("xn--e1afmkfd.xn--p1ai")).toBe("пример.рф (xn--e1afmkfd.xn--p1ai)");
    expect(domainForPeople("pay.xn--e1afmkfd.com")).toEqual({
      ascii: "pay.xn--e1afmkfd.com",
      unicode: "pay.пример.com",
    });
    // Sent as typed in Unicode, the API asks for the ASCII form instead of storing it.
    expect(refusal("пример.рф")).toBe(
      "Write the international domain in its ASCII form: xn--e1afmkfd.xn--p1ai",
    );
    // A look-alike stored before the rule is shown only in ASCII.
    expect(domainWithAsciiForm("xn--exmple-4nf.com")).toBe("xn--exmple-4nf.com");
  });

  it("takes Japanese names that mix Han and kana", () => {
    expect(domainScriptIssue("日本語ドメイン.jp")).toBeNull();
  });

  it("accepts plain ASCII domains as before", () => {
    expect(refusal("pay.example.com")).toBeUndefined();
    expect(refusal("Pay.Example.COM")).toBeUndefined();
    expect(domainWithAsciiForm("pay.example.com")).toBe("pay.example.com");
    expect(domainAsSent("pay.example.com")).toBe("pay.example.com");
  });

  it("holds in UMA addresses' domains too", () => {
    expect(umaAddressIssue("$alice@ex\u0430mple.com")).toContain("mixes Latin letters with Cyrillic ones");
    expect(umaAddressIssue("$alice@example.com")).toBeNull();
  });

  it("decodes Punycode as Node does", () => {
    for (const label of ["xn--e1afmkfd", "xn--p1ai", "xn--wgv71a119e", "xn--bcher-kva", "xn--80ak6aa92e"]) {
      expect(decodePunycode(label.slice(4))).toBe(domainToUnicode(`${label}.com`).slice(0, -4));
    }
    expect(decodePunycode("99999999999999")).toBeNull();
  });

  it("never throws on any text, and whatever it takes is ASCII", () => {
    const label = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ unit: "grapheme", maxLength: 12 }),
      fc.string({ maxLength: 10 }).map((text) => `xn--${text}`),
    );
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), (labels) => {
        const domain = labels.join(".");
        const parsed = umaDomainSchema.safeParse(domain);
        if (parsed.success) expect(parsed.data).toMatch(/^[\x21-\x7e]+$/);
        domainWithAsciiForm(domain);
        domainAsSent(domain);
      }),
      { numRuns: 500 },
    );
  });
});
