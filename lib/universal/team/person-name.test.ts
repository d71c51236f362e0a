import { describe, expect, it } from "vitest";
import { nameAsRead, personNameIssue, teamNameWarnings } from "./person-name";

describe("a team member's name", () => {
  it.each([
    "Ada Admin",
    "José Núñez-García",
    "Mary O'Neil Jr.",
    "Анна Лебедева",
    "Ana Лебедева",
    "山田 太郎",
    "やまだ 太郎カタカナ",
  ])("takes %s", (name) => {
    expect(personNameIssue(name)).toBeNull();
  });

  it.each([
    [
      "a Cyrillic letter in a Latin word",
      "Ada \u0410dmin",
      /mixes Latin letters with Cyrillic ones \("А" U\+0410\)/,
    ],
    ["a Greek letter in a Latin word", "Ad\u03b1 Admin", /mixes Latin letters with Greek ones/],
    ["a zero-width space", "Ada\u200bAdmin", /invisible characters \(U\+200B\)/],
    ["a text-direction control", "Ada Admin\u202e", /invisible characters \(U\+202E\)/],
    ["a no-break space", "Ada\u00a0Admin", /invisible characters \(U\+00A0\)/],
    ["full-width letters", "Ａda Admin", /full-width or compatibility characters .* write it as "Ada Admin"/],
  ])("refuses %s", (_, name, message) => {
    expect(personNameIssue(name)).toMatch(message);
  });

  it("reads names as people tell them apart", () => {
    expect(nameAsRead(" Adá   ADMIN ")).toBe(nameAsRead("Ada Admin"));
    expect(nameAsRead("Ada Admins")).not.toBe(nameAsRead("Ada Admin"));
  });
});

describe("the Team page's warnings on names given before they were checked", () => {
  const member = (id: string, name: string) => ({ id, name, email: `${id}@example.com` });

  it("flags both members whose names read the same, naming the other", () => {
    const warnings = teamNameWarnings([
      member("ada", "Ada Admin"),
      member("copy", "ada  Ádmin"),
      member("sam", "Sam Second"),
    ]);
    expect(warnings.get("ada")).toContain("Reads the same as ada  Ádmin (copy@example.com)");
    expect(warnings.get("copy")).toContain("Reads the same as Ada Admin (ada@example.com)");
    expect(warnings.has("sam")).toBe(false);
  });

  it("flags a name that mixes scripts in a word, as the rule now refuses it", () => {
    const warnings = teamNameWarnings([member("ada", "Ada Admin"), member("fake", "Аda Admin")]);
    expect(warnings.get("fake")).toMatch(/mixes Latin letters with Cyrillic ones.*rename them/);
    expect(warnings.has("ada")).toBe(false);
  });
});
