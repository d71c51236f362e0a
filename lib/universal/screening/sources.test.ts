import { describe, expect, it } from "vitest";
import { screeningSourceBodySchema, shownLocation } from "./sources";

describe("shownLocation", () => {
  it("leaves a path and a URL without credentials as they are", () => {
    expect(shownLocation("/srv/lists/un.xml")).toBe("/srv/lists/un.xml");
    const url = "https://scsanctions.un.org/resources/xml/en/consolidated.xml?format=xml&lang=en";
    expect(shownLocation(url)).toBe(url);
  });

  it("drops a URL's user name and password", () => {
    expect(shownLocation("https://ops:hunter2@lists.example/ofac.xml")).toBe(
      "https://lists.example/ofac.xml",
    );
  });

  it("hides the values of query parameters named as credentials, keeping the others", () => {
    expect(
      shownLocation(
        "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4",
      ),
    ).toBe("https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=…");
    expect(
      shownLocation(
        "https://bucket.s3.example/sdn.xml?X-Amz-Credential=AKIA%2F1&X-Amz-Date=20261201&X-Amz-Signature=abc123&X-Amz-Security-Token=zz",
      ),
    ).toBe(
      "https://bucket.s3.example/sdn.xml?X-Amz-Credential=…&X-Amz-Date=20261201&X-Amz-Signature=…&X-Amz-Security-Token=…",
    );
    expect(shownLocation("https://u:p@lists.example/un.xml?api_key=s3cret&list=un#top")).toBe(
      "https://lists.example/un.xml?api_key=…&list=un#top",
    );
    // A name spelt in percent-escapes is judged as the server reads it.
    expect(shownLocation("https://lists.example/un.xml?%74oken=s3cret")).toBe(
      "https://lists.example/un.xml?%74oken=…",
    );
  });
});

describe("a source's location", () => {
  const location = (value: string) => screeningSourceBodySchema.safeParse({ listId: "un", location: value });
  const message = (value: string) => location(value).error?.issues[0]?.message;

  it("takes a plain URL or path, a path with spaces included", () => {
    for (const value of [
      "https://scsanctions.un.org/resources/xml/en/consolidated.xml",
      "https://xn--e1afmkfd.xn--p1ai/lists/un.xml",
      "/srv/lists/UN consolidated.xml",
    ]) {
      expect(location(value).success, value).toBe(true);
    }
  });

  it("refuses a look-alike host, typed or already encoded, that reads as the official one", () => {
    // "un.оrg" with a Cyrillic "о".
    expect(message("https://scsanctions.un.\u043erg/resources/xml/en/consolidated.xml")).toContain(
      "Write the host in ASCII letters",
    );
    expect(message("https://scsanctions.un.xn--rg-emc/consolidated.xml")).toMatch(/mixes Latin letters/);
    expect(message("https://xn--scsanctins-lvi.un.org/consolidated.xml")).toMatch(/mixes Latin letters/);
  });

  it("refuses invisible characters and unusual spaces anywhere, and spaces in a URL", () => {
    expect(message("https://scsanctions.un.org/consolidated\u200b.xml")).toContain("invisible");
    expect(message("/srv/lists/un\u00a0.xml")).toContain("invisible");
    expect(message("https://scsanctions.un.org/un list.xml")).toBe("A URL must not contain spaces.");
  });

  it("tells an empty location, or an interval that is no whole number, once", () => {
    expect(location("  ").error?.issues.map((issue) => issue.message)).toEqual([
      "Give an absolute file path or an http(s) URL.",
    ]);
    const interval = screeningSourceBodySchema.safeParse({
      listId: "un",
      location: "/srv/un.xml",
      intervalHours: 1e20,
    });
    expect(interval.error?.issues.map((issue) => issue.message)).toEqual(["Give a whole number of hours."]);
  });
});
