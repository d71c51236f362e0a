import "server-only";
import { describe, expect, it } from "vitest";
import { normaliseName, skeleton } from "./normalise";
import { jaroWinkler, levenshtein, tokenSimilarity } from "./similarity";

const tokens = (name: string, kind?: Parameters<typeof normaliseName>[1]) => normaliseName(name, kind).tokens;

describe("normaliseName", () => {
  it("folds case and diacritics", () => {
    expect(tokens("José ÁLVAREZ-Núñez")).toEqual(["jose", "alvarez", "nunez"]);
  });
  it("transliterates other scripts", () => {
    expect(tokens("Владимир Путин")).toEqual(["vladimir", "putin"]);
    expect(normaliseName("محمد عبد الرحمن").abjad).toBe(true);
    // The Arabic article written onto a word is dropped as "al-" is.
    expect(tokens("ابو بكر البغدادي")).toEqual(["bw", "bkr", "bghddy"]);
  });
  it("turns 'SURNAME, Given' round for people, not for companies", () => {
    expect(tokens("AL ZAWAHIRI, Dr. Ayman", "person")).toEqual(["ayman", "zawahiri"]);
    expect(tokens("ANGLO-CARIBBEAN CO., LTD.", "entity")).toEqual(["anglo", "caribbean"]);
  });
  it("drops honorifics for people and legal forms for companies", () => {
    expect(tokens("Sheikh Mr. Omar Haji Khan", "person")).toEqual(["omar", "khan"]);
    expect(tokens("Siemens Aktiengesellschaft", "entity")).toEqual(["siemens"]);
    expect(tokens("Stripe Limited Liability Company", "entity")).toEqual(["stripe"]);
    expect(tokens("Stripe LLC", "entity")).toEqual(["stripe"]);
  });
  it("keeps initials and reads digits written for letters", () => {
    expect(tokens("J. R. R. Tolkien")).toEqual(["j", "r", "r", "tolkien"]);
    expect(tokens("Ig0r Sech1n")).toEqual(["igor", "sechin"]);
  });
  it("never leaves a name without words", () => {
    expect(tokens("Company Limited", "entity")).toEqual(["company", "limited"]);
  });
});

describe("word similarity", () => {
  it("gives look-alike spellings the same skeleton", () => {
    expect(skeleton("mohammed")).toBe(skeleton("muhamad"));
    expect(skeleton("qaddafi")).toBe(skeleton("kadafi"));
  });
  it("tolerates typos and transpositions in long words, not different words", () => {
    expect(levenshtein("marcon", "macron")).toBe(1);
    expect(tokenSimilarity("scholze", "scholz")).toBeGreaterThan(0.9);
    expect(tokenSimilarity("marcon", "macron")).toBeGreaterThan(0.9);
    expect(tokenSimilarity("castillo", "castro")).toBeLessThan(0.8);
    expect(tokenSimilarity("zuckermann", "zuckerberg")).toBeLessThan(0.8);
    expect(tokenSimilarity("j", "john")).toBeGreaterThan(0.8);
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.961, 3);
  });
  it("compares words from Arabic script by what the script writes, and no further", () => {
    expect(tokenSimilarity("jml", "djamel", true)).toBeGreaterThan(0.9);
    expect(tokenSimilarity("hsyn", "hussein", true)).toBeGreaterThan(0.9);
    expect(tokenSimilarity("ly", "ali", true)).toBeGreaterThanOrEqual(0.85);
    expect(tokenSimilarity("sen", "husain")).toBeLessThan(0.78);
    expect(tokenSimilarity("chenguo", "chang")).toBeLessThan(0.78);
  });
});
