import "server-only";
import { describe, expect, it } from "vitest";
import { foldLookalikes } from "./confusables";
import { normaliseName, skeleton } from "./normalise";
import { readingsOf } from "./readings";
import { abjadLatinSimilarity, jaroWinkler, levenshtein, tokenSimilarity } from "./similarity";

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
  it("keeps words an abjad spelling shares with Latin titles, and drops titles as that script writes them", () => {
    // "عمر" (Omar) reads "mr" without its vowels; it is a name, not "Mr".
    expect(tokens("عمر محمود عثمان", "person")).toEqual(["mr", "mhmwd", "thmn"]);
    expect(tokens("الشيخ احمد", "person")).toEqual(["hmd"]);
  });
  it("splits Arabic particles and compound halves written onto the next word", () => {
    expect(tokens("عبدالحميد المصلي")).toEqual(["bd", "hmyd", "msly"]);
    expect(tokens("نورالدين خيرالله")).toEqual(["nwr", "dyn", "khyr", "lh"]);
    expect(tokens("جماعة نصرة الإسلام والمسلمين", "entity")).toEqual(["jma", "nsra", "slm", "w", "mslmyn"]);
  });
  it("reads a final taa marbuta as a vowel and marks ض, which is 'd' or 'z' in Latin", () => {
    expect(tokens("خولة")).toEqual(["khwla"]);
    expect(tokens("فضل")).toEqual(["fdzl"]);
  });
  it("writes numbers in organisations' names as digits and spells out common abbreviations", () => {
    expect(tokens("Brigade Forty-Four", "entity")).toEqual(["brigade", "44"]);
    expect(tokens("Brigade 44", "entity")).toEqual(["brigade", "44"]);
    expect(tokens("1st International Bank", "entity")).toEqual(["1", "international", "bank"]);
    expect(tokens("First Bank Int'l", "entity")).toEqual(["1", "bank", "international"]);
    expect(tokens("Dept. of Natl Parks", "entity")).toEqual(["department", "national", "parks"]);
  });
  it("never leaves a name without words", () => {
    expect(tokens("Company Limited", "entity")).toEqual(["company", "limited"]);
  });
});

describe("letters that look like Latin ones, and words split letter by letter", () => {
  const readings = (name: string, kind?: Parameters<typeof normaliseName>[1]) =>
    readingsOf(name, kind).map((reading) => reading.tokens);
  it("folds Cyrillic, Greek, Cherokee and Lisu letters by shape in words that pass for Latin", () => {
    expect(foldLookalikes("Igor Ѕeсhin")).toBe("Igor Sechin");
    expect(foldLookalikes("ΗAFIZ MUΗAMMAD SAEED")).toBe("HAFIZ MUHAMMAD SAEED");
    expect(foldLookalikes("Вoriѕ Rotenberg")).toBe("Boris Rotenberg");
    expect(foldLookalikes("ᎻᎪᎷᎪᏚ")).toBe("HAMAS");
    expect(foldLookalikes("Bank Roꮪsiya")).toBe("Bank Rossiya"); // a Cherokee small letter
    expect(foldLookalikes("ꓧꓮꓝꓲꓜ")).toBe("HAFIZ");
    // A word of look-alike letters in a mostly Latin name; a Cyrillic word that is no look-alike keeps its letters.
    expect(foldLookalikes("Igor ЅЕСН Ivanovich")).toBe("Igor SECH Ivanovich");
    expect(foldLookalikes("Сергей Ѕeсhin")).toBe("Сергей Sechin");
  });
  it("leaves names written in Cyrillic or Greek, and Latin ones, to be read by sound", () => {
    expect(foldLookalikes("Игорь Сечин")).toBeNull();
    expect(foldLookalikes("Αλέξης Τσίπρας")).toBeNull();
    expect(foldLookalikes("Igor Sechin")).toBeNull();
    expect(readings("Игорь Сечин")).toEqual([["igor", "sechin"]]);
  });
  it("reads a mixed name by sound and by shape", () => {
    // By sound alone "Вoriѕ" is "Voridz".
    expect(readings("Вoriѕ Rotenberg")).toEqual([
      ["voridz", "rotenberg"],
      ["boris", "rotenberg"],
    ]);
  });
  it("makes single letters joined by punctuation one word, and reads runs of single letters as one word too", () => {
    expect(tokens("H-a-f-i-z M-u-h-a-m-m-a-d S-a-e-e-d")).toEqual(["hafiz", "muhammad", "saeed"]);
    expect(tokens("I.G.O.R S_E_C_H_I_N")).toEqual(["igor", "sechin"]);
    expect(tokens("Maersk A/S", "entity")).toEqual(["maersk"]);
    expect(readings("I G O R S E C H I N")).toEqual([
      ["i", "g", "o", "r", "s", "e", "c", "h", "i", "n"],
      ["igorsechin"],
    ]);
    // Initials stay initials in the name as written.
    expect(readings("J. R. R. Tolkien")).toEqual([
      ["j", "r", "r", "tolkien"],
      ["jrr", "tolkien"],
    ]);
    expect(readings("Igo-r Sec-hin")).toEqual([["igo", "r", "sec", "hin"]]);
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
  it("takes usual transliteration alternatives for the same word", () => {
    expect(tokenSimilarity("husayn", "hussein")).toBeGreaterThanOrEqual(0.9);
    expect(tokenSimilarity("qassim", "kasim")).toBeGreaterThanOrEqual(0.9);
    expect(tokenSimilarity("youssef", "yusef")).toBeGreaterThanOrEqual(0.9);
    expect(tokenSimilarity("khoury", "houri")).toBeGreaterThanOrEqual(0.9);
    expect(tokenSimilarity("abou", "abu")).toBeGreaterThanOrEqual(0.9);
    // A Baltic nominative ending on a Slavic name with its "j" for "y".
    expect(tokenSimilarity("sergejs", "sergey")).toBeGreaterThanOrEqual(0.9);
    expect(tokenSimilarity("husayn", "hassan")).toBeLessThan(0.78);
  });
  it("aligns an abjad word with a Latin spelling letter by letter, by the letters' usual renderings", () => {
    expect(abjadLatinSimilarity("mhmd", "mohammad")).toBeGreaterThanOrEqual(0.9);
    // ث as "th" or "s"; ض as "d" or "z"; و as a long vowel; letters the script writes twice are two letters.
    expect(abjadLatinSimilarity("thmn", "uthman")).toBeGreaterThanOrEqual(0.88);
    expect(abjadLatinSimilarity("thmn", "usman")).toBeGreaterThanOrEqual(0.88);
    expect(abjadLatinSimilarity("fdzl", "fazl")).toBeGreaterThanOrEqual(0.9);
    expect(abjadLatinSimilarity("fdzl", "fadl")).toBeGreaterThanOrEqual(0.9);
    expect(abjadLatinSimilarity("mdhlwm", "mazloom")).toBeGreaterThanOrEqual(0.9);
    expect(abjadLatinSimilarity("mnn", "manan")).toBeGreaterThanOrEqual(0.9);
    // A final ه is often a vowel; an article inside a joined Latin name is not written.
    expect(abjadLatinSimilarity("shhth", "shihata")).toBeGreaterThanOrEqual(0.88);
    expect(abjadLatinSimilarity("slhdyn", "salahaldin")).toBeGreaterThanOrEqual(0.88);
    // A long vowel the script would have written costs a little; a written consonant left out costs much.
    expect(abjadLatinSimilarity("mhmd", "mahmoud")).toBeLessThan(abjadLatinSimilarity("mhmd", "mohammad"));
    expect(abjadLatinSimilarity("mhmd", "ahmad")).toBeLessThan(0.78);
    expect(abjadLatinSimilarity("hmdy", "hamid")).toBeLessThan(abjadLatinSimilarity("hmdy", "ahmadi"));
  });
});
