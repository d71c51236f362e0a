import { describe, expect, it } from "vitest";
import { factorWords, leftOutWords } from "./explain";

describe("a screening's explanation in a person's words", () => {
  it("names each part of a score as a person would, including those stored as the code named them", () => {
    expect(factorWords({ label: "date of birth match", value: 0.08 })).toBe("date of birth match +0.08");
    expect(factorWords({ label: "dateOfBirth match", value: 0.08 })).toBe("date of birth match +0.08");
    expect(factorWords({ label: "nationality mismatch", value: -0.1 })).toBe("nationality mismatch -0.10");
    expect(factorWords({ label: "name similarity", value: 0.93 })).toBe("name similarity +0.93");
  });

  it("names what a masked score leaves out in words, not field codes", () => {
    expect(leftOutWords(["BIRTH_DATE", "NATIONALITY"])).toBe("date of birth and nationality");
  });
});
