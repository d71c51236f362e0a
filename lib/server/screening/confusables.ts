import "server-only";

/**
 * Letters of the Cyrillic, Greek, Cherokee and Lisu scripts that look like a Latin letter, with that letter: a
 * shape fold in the manner of Unicode's confusables (UTS #39, confusables.txt), written out by hand for the letters
 * a name can be disguised with. Transliteration reads these letters by sound (Cyrillic "Н" is "N", "Р" is "R", Greek
 * "Η" is "I"), so "Вoriѕ" mixed into a Latin name would read "Voridz"; folded by shape it reads "Boris". Where the
 * confusables data says "l" for a letter shaped like a capital I (palochka, Ukrainian І, iota, Lisu I), a name means
 * "I", so it is "I" here. A few lower-case Greek letters that the data maps to IPA or small capitals (κ, χ, η, ω) are
 * folded to the Latin letter they pass for in a name.
 */
const SHAPES: Record<string, string> = {
  // Cyrillic capitals.
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  У: "Y",
  Х: "X",
  Ѕ: "S",
  І: "I",
  Ј: "J",
  Ӏ: "I",
  Ү: "Y",
  Ѵ: "V",
  Ԍ: "G",
  Ԛ: "Q",
  Ԝ: "W",
  Ь: "b",
  // Cyrillic small letters.
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ј: "j",
  ӏ: "i",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ү: "y",
  ѵ: "v",
  ҽ: "e",
  г: "r",
  // Greek capitals.
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  Ϲ: "C",
  Ϳ: "J",
  Ϝ: "F",
  ϒ: "Y",
  // Greek small letters.
  α: "a",
  γ: "y",
  ι: "i",
  ν: "v",
  ο: "o",
  ρ: "p",
  σ: "o",
  υ: "u",
  ϲ: "c",
  ϳ: "j",
  ϱ: "p",
  κ: "k",
  χ: "x",
  η: "n",
  ω: "w",
  // Cherokee (capitals; a small letter folds as its capital does, in lower case).
  Ꭰ: "D",
  Ꭱ: "R",
  Ꭲ: "T",
  Ꭵ: "i",
  Ꭹ: "Y",
  Ꭺ: "A",
  Ꭻ: "J",
  Ꭼ: "E",
  Ꮃ: "W",
  Ꮇ: "M",
  Ꮋ: "H",
  Ꮍ: "Y",
  Ꮐ: "G",
  Ꮒ: "h",
  Ꮓ: "Z",
  Ꮟ: "b",
  Ꮢ: "R",
  Ꮤ: "W",
  Ꮥ: "S",
  Ꮩ: "V",
  Ꮪ: "S",
  Ꮮ: "L",
  Ꮯ: "C",
  Ꮲ: "P",
  Ꮶ: "K",
  Ꮷ: "d",
  Ᏻ: "G",
  Ᏼ: "B",
  // Lisu (capitals only: the script has no case).
  ꓐ: "B",
  ꓑ: "P",
  ꓒ: "d",
  ꓓ: "D",
  ꓔ: "T",
  ꓖ: "G",
  ꓗ: "K",
  ꓙ: "J",
  ꓚ: "C",
  ꓜ: "Z",
  ꓝ: "F",
  ꓟ: "M",
  ꓠ: "N",
  ꓡ: "L",
  ꓢ: "S",
  ꓣ: "R",
  ꓦ: "V",
  ꓧ: "H",
  ꓪ: "W",
  ꓫ: "X",
  ꓬ: "Y",
  ꓮ: "A",
  ꓰ: "E",
  ꓲ: "I",
  ꓳ: "O",
  ꓴ: "U",
};

const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Cherokee}\p{Script=Lisu}]/u;
const CHEROKEE = /\p{Script=Cherokee}/u;

function shapeOf(letter: string): string | undefined {
  const shape = SHAPES[letter];
  if (shape !== undefined || !CHEROKEE.test(letter)) return shape;
  // Cherokee small letters (U+AB70…) are its capitals written small.
  return SHAPES[letter.toUpperCase()]?.toLowerCase();
}

/**
 * The name with its look-alike letters folded to the Latin letters they look like, in each word that passes for a
 * Latin one: a word mixing Latin letters with Cyrillic, Greek, Cherokee or Lisu ones ("Ѕeсhin"), a word made of
 * look-alike letters alone ("ΗΑΜΑЅ"), and every word of a name that is mostly Latin. Null when no word is one: a
 * name written in Cyrillic or Greek ("Игорь Сечин") is read by sound only. Expects NFKC text (fullwidth and
 * mathematical letters are Latin by then).
 */
export function foldLookalikes(name: string): string | null {
  if (!LOOKALIKE_SCRIPT.test(name)) return null;
  const letters = [...name].filter((ch) => /\p{L}/u.test(ch));
  const mostlyLatin = letters.filter((ch) => LATIN.test(ch)).length * 2 > letters.length;
  let changed = false;
  const folded = name.replace(/\p{L}+/gu, (word) => {
    const chars = [...word];
    if (!chars.some((ch) => LOOKALIKE_SCRIPT.test(ch))) return word;
    const passesForLatin =
      mostlyLatin || chars.some((ch) => LATIN.test(ch)) || chars.every((ch) => shapeOf(ch) !== undefined);
    if (!passesForLatin) return word;
    const out = chars.map((ch) => (LATIN.test(ch) ? ch : (shapeOf(ch) ?? ch))).join("");
    if (out !== word) changed = true;
    return out;
  });
  return changed ? folded : null;
}
