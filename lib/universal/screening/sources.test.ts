import { describe, expect, it } from "vitest";
import { shownLocation } from "./sources";

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
