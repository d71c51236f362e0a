/*
 * Look-alike domains (homographs): the rule every domain an admin types passes (UMA domains, UMA addresses' domains;
 * docs/SECURITY.md, docs/decisions/0078-domains-in-one-script-shown-with-their-ascii-form.md).
 * A domain part may not mix scripts ("exаmple" with a Cyrillic "а"), hold invisible characters (zero-width
 * joiners, bidi controls) or compatibility forms (full-width "ｅ"), or Latin letters outside a-z ("ɑ", "ı"). A part
 * wholly in one other script ("пример") is a real international name: it is sent and stored in its ASCII
 * (xn--) form, and shown with that form beside it. The same rule reads an xn-- part back, so a look-alike cannot
 * come in already encoded. Plain functions without zod or Node modules: the pages, the console's server and the
 * service all run them.
 */

// ---------------------------------------------------------------------------------------------------------
// Punycode (RFC 3492): only the decoder; encoding is the WHATWG URL parser's, in Node and in browsers alike.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  return -1;
}

/** The Unicode a Punycode string (without `xn--`) stands for, or null when it is not valid Punycode. */
export function decodePunycode(input: string): string | null {
  const output: number[] = [];
  const basic = input.lastIndexOf("-");
  for (let j = 0; j < Math.max(basic, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basic > 0 ? basic + 1 : 0; index < input.length; ) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index++));
      if (digit < 0 || digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    if (Math.floor(i / length) > 0x10ffff - n) return null;
    n += Math.floor(i / length);
    i %= length;
    output.splice(i++, 0, n);
  }
  if (output.some((code) => code >= 0xd800 && code <= 0xdfff)) return null;
  return String.fromCodePoint(...output);
}

/** A domain (no port) in its ASCII form, as the URL parser encodes it, or null when it cannot be one. */
function asciiFormOfDomain(domain: string): string | null {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Scripts

/** The scripts a domain part may be written in, each tested by its Unicode property (Script, not extensions). */
const SCRIPTS: readonly [name: string, pattern: RegExp][] = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Syriac", /\p{Script=Syriac}/u],
  ["Thaana", /\p{Script=Thaana}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Bengali", /\p{Script=Bengali}/u],
  ["Gurmukhi", /\p{Script=Gurmukhi}/u],
  ["Gujarati", /\p{Script=Gujarati}/u],
  ["Oriya", /\p{Script=Oriya}/u],
  ["Tamil", /\p{Script=Tamil}/u],
  ["Telugu", /\p{Script=Telugu}/u],
  ["Kannada", /\p{Script=Kannada}/u],
  ["Malayalam", /\p{Script=Malayalam}/u],
  ["Sinhala", /\p{Script=Sinhala}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Lao", /\p{Script=Lao}/u],
  ["Tibetan", /\p{Script=Tibetan}/u],
  ["Myanmar", /\p{Script=Myanmar}/u],
  ["Khmer", /\p{Script=Khmer}/u],
  ["Ethiopic", /\p{Script=Ethiopic}/u],
  ["Hangul", /\p{Script=Hangul}/u],
  ["Han", /\p{Script=Han}/u],
  ["Hiragana", /\p{Script=Hiragana}/u],
  ["Katakana", /\p{Script=Katakana}/u],
  ["Bopomofo", /\p{Script=Bopomofo}/u],
];

/** Scripts written together in one language: Japanese, Korean and Chinese names mix them. */
const WRITTEN_TOGETHER: readonly (readonly string[])[] = [
  ["Han", "Hiragana", "Katakana"],
  ["Han", "Hangul"],
  ["Han", "Bopomofo"],
];

/** Shown to nobody, yet part of the name: zero-width joiners and spaces, bidi controls, soft hyphens, BOMs. */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{Z}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, "gu");
const LETTER_MARK_OR_DIGIT = /^[\p{L}\p{M}\p{Nd}]$/u;
/** Marks and digits that belong to no one script (combining accents, 0-9): they never make a part mixed. */
const ANY_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
const ASCII_LATIN = /^[a-z]$/i;

/** The script a letter is written in ("Latin", "Cyrillic"…), null for marks and digits that belong to every one. */
export function scriptOf(char: string): string | null {
  if (ANY_SCRIPT.test(char)) return null;
  for (const [name, pattern] of SCRIPTS) if (pattern.test(char)) return name;
  return "other-script";
}

/** `"а" U+0430`: the character, and its code point for when it looks like another. */
function describeCharacter(char: string): string {
  const code = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
  return INVISIBLE.test(char) ? `U+${code}` : `"${char}" U+${code}`;
}

/** `"а" U+0430, "е" U+0435 and 2 more`: characters as a message names them. */
export function listOf(chars: readonly string[]): string {
  const unique = [...new Set(chars)];
  const shown = unique.slice(0, 3).map(describeCharacter);
  const more = unique.length > 3 ? ` and ${unique.length - 3} more` : "";
  if (shown.length <= 1) return `${shown.join("")}${more}`;
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}${more}`;
}

/** Whether these scripts are written together in one language (Japanese mixes Han, Hiragana and Katakana). */
export function together(scripts: readonly string[]): boolean {
  return WRITTEN_TOGETHER.some((group) => scripts.every((script) => group.includes(script)));
}

/**
 * Why one domain part in Unicode (`label`, never `xn--`) could pass for another name, or null when it is written in
 * one script only. `shown` is how the message names the part (with its xn-- form, when it came encoded).
 */
function labelScriptIssue(label: string, shown = `"${label}"`): string | null {
  const chars = Array.from(label);
  const invisible = chars.filter((char) => INVISIBLE.test(char));
  if (invisible.length > 0) {
    return `The domain part ${shown.replace(INVISIBLE_ALL, "")} holds invisible characters (${listOf(invisible)}), like zero-width joiners or text-direction controls, that make it look like another name. Type the domain again without them.`;
  }
  const compatibility = chars.filter((char) => char.normalize("NFKC") !== char);
  if (compatibility.length > 0) {
    const plain = label.normalize("NFKC");
    return `The domain part ${shown} holds full-width or compatibility characters (${listOf(compatibility)}) that stand for others: write it as "${plain}".`;
  }
  const odd = chars.filter((char) => char !== "-" && !LETTER_MARK_OR_DIGIT.test(char));
  if (odd.length > 0) {
    return `The domain part ${shown} holds ${listOf(odd)}, which is not a letter, digit or hyphen.`;
  }
  const byScript = new Map<string, string[]>();
  for (const char of label.normalize("NFC")) {
    if (char === "-") continue;
    const script = scriptOf(char);
    if (script === null) continue;
    byScript.set(script, [...(byScript.get(script) ?? []), char]);
  }
  const scripts = [...byScript.keys()];
  if (scripts.length > 1 && !together(scripts)) {
    // Name the letters of the scripts other than the main one (Latin when there is Latin): the look-alikes.
    const main = byScript.has("Latin")
      ? "Latin"
      : (scripts.sort((a, b) => (byScript.get(b)?.length ?? 0) - (byScript.get(a)?.length ?? 0))[0] ?? "");
    const others = scripts.filter((script) => script !== main);
    const intruders = others.flatMap((script) => byScript.get(script) ?? []);
    return `The domain part ${shown} mixes ${main} letters with ${others.join(" and ")} ones (${listOf(intruders)}): a look-alike of another name. Write each part in one script.`;
  }
  const latin = byScript.get("Latin") ?? [];
  const outsideAscii = latin.filter((char) => !ASCII_LATIN.test(char));
  const marks =
    scripts.length === 0 || scripts[0] === "Latin" ? chars.filter((char) => /\p{M}/u.test(char)) : [];
  if (outsideAscii.length > 0 || marks.length > 0) {
    return `The domain part ${shown} holds ${listOf([...outsideAscii, ...marks])}: Latin letters outside a-z can pass for others, so a Latin part takes only a-z, 0-9 and hyphens.`;
  }
  if (byScript.has("other-script")) {
    return `The domain part ${shown} is written in a script the console does not take in domains (${listOf(byScript.get("other-script") ?? [])}).`;
  }
  return null;
}

/** Anything outside printable ASCII. */
export const NON_ASCII = /[^\x20-\x7e]/;

/**
 * The look-alike rule over a whole domain (no port): each part in Unicode, and each `xn--` part as the Unicode it
 * stands for. Null when every part passes; a plain ASCII domain always does (its other rules are hostnameIssue's).
 */
export function domainScriptIssue(domain: string): string | null {
  for (const label of domain.split(".")) {
    if (NON_ASCII.test(label)) {
      const issue = labelScriptIssue(label);
      if (issue !== null) return issue;
    } else if (/^xn--/i.test(label)) {
      const lower = label.toLowerCase();
      const decoded = decodePunycode(lower.slice(4));
      if (decoded === null || decoded === "" || !NON_ASCII.test(decoded)) {
        return `The domain part "${label}" is not a valid xn-- (Punycode) form.`;
      }
      const issue = labelScriptIssue(decoded, `"${decoded}" (${lower})`);
      if (issue !== null) return issue;
      if (asciiFormOfDomain(decoded) !== lower) {
        return `The domain part "${label}" is not the usual xn-- form of "${decoded}"; write it as ${asciiFormOfDomain(decoded) ?? "its usual form"}.`;
      }
    }
  }
  return null;
}

/**
 * A domain as a person reads it: its Unicode form when it has `xn--` parts that pass the rule, with the ASCII form
 * that is sent and stored always beside it. `unicode` is null for a plain ASCII domain (or one that fails the rule,
 * which is then shown only in ASCII).
 */
export function domainForPeople(domain: string): { ascii: string; unicode: string | null } {
  const name = domain.replace(/:\d{1,5}$/, "");
  const port = domain.slice(name.length);
  const labels = name.split(".");
  if (!labels.some((label) => /^xn--/i.test(label)) || domainScriptIssue(name) !== null) {
    return { ascii: domain, unicode: null };
  }
  const unicode = labels
    .map((label) => (/^xn--/i.test(label) ? (decodePunycode(label.slice(4).toLowerCase()) ?? label) : label))
    .join(".");
  return { ascii: domain, unicode: `${unicode}${port}` };
}

/** "пример.рф (xn--e1afmkfd.xn--p1ai)", or the domain itself when it is plain ASCII. */
export function domainWithAsciiForm(domain: string): string {
  const { ascii, unicode } = domainForPeople(domain);
  return unicode === null ? ascii : `${unicode} (${ascii})`;
}

/**
 * What a form sends for a typed domain (optional `:port`): its ASCII form when it is an international name that
 * passes the rule, else the text as typed, for the contract to refuse with its reason.
 */
export function domainAsSent(typed: string): string {
  if (!NON_ASCII.test(typed)) return typed;
  const port = /:\d{1,5}$/.exec(typed)?.[0] ?? "";
  const name = typed.slice(0, typed.length - port.length);
  if (domainScriptIssue(name) !== null) return typed;
  const ascii = asciiFormOfDomain(name);
  return ascii === null || NON_ASCII.test(ascii) ? typed : `${ascii}${port}`;
}
