import { describe, expect, it } from "vitest";
import { decodablePath } from "./undecodable-path";

describe("decodablePath", () => {
  it("leaves a path Next.js can decode alone", () => {
    for (const target of [
      "/",
      "/transactions",
      "/transactions/Transaction%3Aabc?x=%ZZ",
      "/a%20b/%E2%80%AE",
      "/%25",
    ]) {
      expect(decodablePath(target)).toBeNull();
    }
  });

  it("takes a segment that is not valid percent-encoding literally, and only that segment", () => {
    expect(decodablePath("/transactions/%ZZ")).toBe("/transactions/%25ZZ");
    expect(decodablePath("/customers/%E0%A4%A/edit?tab=%FF")).toBe("/customers/%25E0%25A4%25A/edit?tab=%FF");
    expect(decodablePath("/a%20b/%C0%AF/%41")).toBe("/a%20b/%25C0%25AF/%41");
    expect(decodablePath("/api/team/%")).toBe("/api/team/%25");
  });

  it("gives a path every segment of which decodes", () => {
    for (const target of ["/transactions/%ZZ", "/x/%E0%A4%A/%", "/%ED%A0%80", "/%%%"]) {
      const path = decodablePath(target) ?? target;
      for (const segment of path.split("?")[0]?.split("/") ?? []) {
        expect(() => decodeURIComponent(segment)).not.toThrow();
      }
    }
  });
});
