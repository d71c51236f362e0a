import { categoryOf, maskValue, type PersonalDataCategory } from "./fields";
import { MASKED_FIELDS_KEY, maskPersonalData } from "./mask-transaction";
import { readsReasonsAboutSenders } from "./reason-withheld";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = 0x20;
const AT = 0x40;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/**
 * A key as its bytes stand in the JSON (quoted), and a part of it rare in JSON that is searched for instead (a
 * search for six characters or fewer costs several times less per call than one for more), and where it sits.
 */
interface Key {
  quoted: string;
  probe: string;
  offset: number;
}
const keyOf = (name: string, probe: string): Key => {
  const quoted = `"${name}"`;
  return { quoted, probe, offset: quoted.indexOf(probe) };
};
const QUOTED_COUNTERPARTY_KEY = keyOf("counterpartyInformation", "partyI");
const QUOTED_MASKED_FIELDS_KEY = keyOf(MASKED_FIELDS_KEY, "partyF");
const QUOTED_REJECTION_KEY = keyOf("rejectionReason", "tionRe");

/** What maskValue writes, as bytes: the dot, and the masks that do not depend on the value (quoted). */
const DOT = Buffer.from("•");
const SIX_DOTS = Buffer.from(JSON.stringify("••••••"));
const DATE_MASK = Buffer.from(JSON.stringify(maskValue("BIRTH_DATE", "")));
const MASKED_FIELDS_PREFIX = Buffer.from(`},"${MASKED_FIELDS_KEY}":[`);
/** The categories whose mask keeps something of the value (the rest are masked whole, the same for every value). */
const VALUE_MASKED: ReadonlySet<PersonalDataCategory> = new Set(["name", "contact", "taxId"]);

/** A body this scanner does not take on (see below): masked the way every held answer is, parsed whole. */
class Unscannable extends Error {}

/**
 * maskPersonalData on a JSON answer's bytes, for reads that would otherwise stream: the fields of each
 * `"counterpartyInformation"` object that the person may not see are masked where they stand (with the masked
 * fields' names beside the object); every other byte passes as the API sent it, so a page of payments is neither
 * decoded, parsed nor serialised whole, and its masked values are written byte by byte, as maskValue writes them.
 * Returns the same Buffer when nothing needed masking. A body that is not JSON passes unchanged, as before.
 *
 * The bytes are searched as a Latin-1 string (one character per byte, so its offsets are the bytes'). In JSON every
 * quote inside a string follows an odd run of backslashes, and UTF-8 never uses the bytes of `"` or `\` inside a
 * multi-byte character; so the bytes `"counterpartyInformation"` after an even run (none) are that string itself,
 * and followed by a colon, the key. A key written with \u escapes would not be seen by its bytes, and a body
 * already holding the console's own `maskedCounterpartyFields` key is not the API's: such bodies, and any the
 * scanner cannot follow (a field name with an escape in it, broken JSON), are masked by parsing them whole
 * (maskPersonalData), so nothing that should be masked passes.
 */
export function maskPersonalDataBytes(body: Buffer, visible: readonly PersonalDataCategory[]): Buffer {
  const text = body.toString("latin1");
  if (text.includes("\\u")) return maskParsed(body, visible);
  // A rejection reason is free text about the sender, withheld from a role that does not see who they are: such
  // answers (a rejected payment, a page holding one) are masked whole, which finds whose reason it is.
  if (!readsReasonsAboutSenders(visible) && nextKey(text, QUOTED_REJECTION_KEY, 0) >= 0) {
    return maskParsed(body, visible);
  }
  if (nextKey(text, QUOTED_COUNTERPARTY_KEY, 0) < 0) return body;
  if (nextKey(text, QUOTED_MASKED_FIELDS_KEY, 0) >= 0) return maskParsed(body, visible);
  try {
    return maskScanned(body, text, visible);
  } catch (error) {
    if (error instanceof Unscannable) return maskParsed(body, visible);
    throw error;
  }
}

/** Where `key`'s quoted text next stands in the text, at `from` or after, found by its probe; -1 when nowhere. */
function nextKey(text: string, key: Key, from: number): number {
  for (
    let hit = text.indexOf(key.probe, from + key.offset);
    hit >= 0;
    hit = text.indexOf(key.probe, hit + 1)
  ) {
    if (text.startsWith(key.quoted, hit - key.offset)) return hit - key.offset;
  }
  return -1;
}

function maskParsed(body: Buffer, visible: readonly PersonalDataCategory[]): Buffer {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return body;
  }
  const masked = maskPersonalData(json, visible);
  return masked === json ? body : Buffer.from(JSON.stringify(masked));
}

function maskScanned(body: Buffer, text: string, visible: readonly PersonalDataCategory[]): Buffer {
  let out: Writer | null = null;
  let copied = 0;
  let at = 0;
  for (;;) {
    const open = nextKey(text, QUOTED_COUNTERPARTY_KEY, at);
    if (open < 0) break;
    at = open + QUOTED_COUNTERPARTY_KEY.quoted.length;
    // A quote after an odd run of backslashes is inside a string (a memo quoting the key), not a key of its own.
    let backslashes = 0;
    while (text.charCodeAt(open - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 1) continue;
    const colon = skipSpace(text, at);
    if (text.charCodeAt(colon) !== COLON) continue;
    const start = skipSpace(text, colon + 1);
    // Not an object (null, a list): scanning goes on inside it, as maskPersonalData looks inside.
    if (text.charCodeAt(start) !== OPEN_BRACE) continue;
    const fields = fieldsOf(text, start, visible);
    at = fields.end + 1;
    if (!fields.list.some((field) => field.masked)) continue;
    // Masking adds the masked fields' names and a few dots per object: a quarter more is room enough for most.
    out ??= new Writer(body.length + (body.length >> 2) + 256);
    out.copy(body, copied, start);
    writeMasked(out, body, text, fields.list);
    copied = fields.end + 1;
  }
  if (!out) return body;
  out.copy(body, copied, body.length);
  return out.written();
}

interface Field {
  name: string;
  /** Where the field begins (its name's opening quote), where its name's closing quote is, where its value begins
   * and just past its value. */
  from: number;
  nameEnd: number;
  valueStart: number;
  to: number;
  category: PersonalDataCategory;
  masked: boolean;
}

/** The fields of the counterparty object opening at `start`, and the index of its closing brace. */
function fieldsOf(
  text: string,
  start: number,
  visible: readonly PersonalDataCategory[],
): { list: Field[]; end: number } {
  const list: Field[] = [];
  let at = skipSpace(text, start + 1);
  if (text.charCodeAt(at) === CLOSE_BRACE) return { list, end: at };
  for (;;) {
    if (text.charCodeAt(at) !== QUOTE) throw new Unscannable();
    const nameEnd = text.indexOf('"', at + 1);
    if (nameEnd < 0) throw new Unscannable();
    const name = text.slice(at + 1, nameEnd);
    // A name with an escape (or a multi-byte character) in it is read by JSON.parse, not by its bytes.
    if (!isPlainName(name)) throw new Unscannable();
    const colon = skipSpace(text, nameEnd + 1);
    if (text.charCodeAt(colon) !== COLON) throw new Unscannable();
    const valueStart = skipSpace(text, colon + 1);
    const to = valueEndOf(text, valueStart);
    const category = categoryOf(name);
    list.push({ name, from: at, nameEnd, valueStart, to, category, masked: !visible.includes(category) });
    at = skipSpace(text, to);
    const next = text.charCodeAt(at);
    if (next === CLOSE_BRACE) return { list, end: at };
    if (next !== COMMA) throw new Unscannable();
    at = skipSpace(text, at + 1);
  }
}

/**
 * The object again, compact: fields the person may see as their bytes came, the others with their values masked,
 * then the masked fields' names under the console's own key (each once, in order), as maskPersonalData writes it.
 */
function writeMasked(out: Writer, body: Buffer, text: string, fields: readonly Field[]): void {
  out.byte(OPEN_BRACE);
  const names: Field[] = [];
  for (const [index, field] of fields.entries()) {
    if (index > 0) out.byte(COMMA);
    if (!field.masked) {
      out.copy(body, field.from, field.to);
      continue;
    }
    out.copy(body, field.from, field.nameEnd + 1);
    out.byte(COLON);
    writeMaskedValue(out, body, text, field);
    if (!names.some((named) => named.name === field.name)) names.push(field);
  }
  out.copy(MASKED_FIELDS_PREFIX, 0, MASKED_FIELDS_PREFIX.length);
  for (const [index, field] of names.entries()) {
    if (index > 0) out.byte(COMMA);
    out.copy(body, field.from, field.nameEnd + 1);
  }
  out.byte(CLOSE_BRACKET);
}

/**
 * maskValue's mask of a field's value, quoted. A string without escapes is masked from its bytes (it then holds no
 * quote, backslash or control character, so what is copied from it needs no escaping either); anything else, and a
 * phone or tax id that is not plain ASCII, is decoded and masked by maskValue itself.
 */
function writeMaskedValue(out: Writer, body: Buffer, text: string, field: Field): void {
  const { category, valueStart, to } = field;
  const constant = category === "birthDate" ? DATE_MASK : VALUE_MASKED.has(category) ? null : SIX_DOTS;
  if (constant) {
    out.copy(constant, 0, constant.length);
    return;
  }
  const plain =
    text.charCodeAt(valueStart) === QUOTE && firstByte(body, BACKSLASH, valueStart + 1, to - 1) < 0;
  const at = plain && category === "contact" ? firstByte(body, AT, valueStart + 1, to - 1) : -1;
  if (plain && category === "name") {
    writeNameMask(out, body, valueStart + 1, to - 1);
  } else if (at > valueStart + 1) {
    // An email: its first character, three dots, and the domain.
    out.byte(QUOTE);
    out.copy(body, valueStart + 1, valueStart + 1 + sequenceLength(body[valueStart + 1] ?? 0));
    for (let dot = 0; dot < 3; dot++) out.copy(DOT, 0, DOT.length);
    out.copy(body, at, to);
  } else if (plain && isAscii(body, valueStart + 1, to - 1)) {
    // Six dots and the last two characters (and the closing quote).
    out.copy(SIX_DOTS, 0, SIX_DOTS.length - 1);
    out.copy(body, Math.max(valueStart + 1, to - 3), to);
  } else {
    out.string(JSON.stringify(maskValue(field.name, decoded(body, valueStart, to))));
  }
}

/** A name's mask from its bytes: each word's first character and three dots, the words one space apart. */
function writeNameMask(out: Writer, body: Buffer, from: number, to: number): void {
  out.byte(QUOTE);
  let first = true;
  let at = from;
  while (at < to) {
    const space = spaceLength(body, at);
    if (space > 0) {
      at += space;
      continue;
    }
    if (!first) out.byte(SPACE);
    first = false;
    const length = sequenceLength(body[at] ?? 0);
    out.copy(body, at, Math.min(at + length, to));
    for (let dot = 0; dot < 3; dot++) out.copy(DOT, 0, DOT.length);
    at += length;
    while (at < to && spaceLength(body, at) === 0) at += sequenceLength(body[at] ?? 0);
  }
  out.byte(QUOTE);
}

/** The byte length of the UTF-8 sequence a byte starts (a stray continuation byte counts as one). */
function sequenceLength(byte: number): number {
  if (byte < 0xc0) return 1;
  if (byte < 0xe0) return 2;
  if (byte < 0xf0) return 3;
  return 4;
}

/**
 * The byte length of the whitespace character at `at` as a JavaScript regular expression's `\s` knows it (the
 * split maskValue makes words with), or 0: ASCII's, no-break space, the Ogham space mark, U+2000–U+200A, the line
 * and paragraph separators, the narrow no-break and medium mathematical spaces, the ideographic space and the
 * byte order mark.
 */
function spaceLength(body: Buffer, at: number): number {
  const byte = body[at] ?? 0;
  if (byte === SPACE || (byte >= 0x09 && byte <= 0x0d)) return 1;
  if (byte < 0x80) return 0;
  const second = body[at + 1];
  const third = body[at + 2];
  if (byte === 0xc2) return second === 0xa0 ? 2 : 0;
  if (byte === 0xe1) return second === 0x9a && third === 0x80 ? 3 : 0;
  if (byte === 0xe2 && second === 0x80 && third !== undefined) {
    return (third >= 0x80 && third <= 0x8a) || third === 0xa8 || third === 0xa9 || third === 0xaf ? 3 : 0;
  }
  if (byte === 0xe2) return second === 0x81 && third === 0x9f ? 3 : 0;
  if (byte === 0xe3) return second === 0x80 && third === 0x80 ? 3 : 0;
  if (byte === 0xef) return second === 0xbb && third === 0xbf ? 3 : 0;
  return 0;
}

/** A field's value decoded alone (its bytes through JSON.parse). */
function decoded(body: Buffer, start: number, end: number): unknown {
  try {
    return JSON.parse(body.toString("utf8", start, end));
  } catch {
    throw new Unscannable();
  }
}

/** The index of the first `byte` in [from, to), or -1. */
function firstByte(body: Buffer, byte: number, from: number, to: number): number {
  for (let at = from; at < to; at++) if (body[at] === byte) return at;
  return -1;
}

function isAscii(body: Buffer, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if ((body[at] ?? 0) >= 0x80) return false;
  return true;
}

/** A field name read straight from its bytes: printable ASCII without escapes (anything else goes to JSON.parse). */
function isPlainName(name: string): boolean {
  for (let at = 0; at < name.length; at++) {
    const code = name.charCodeAt(at);
    if (code < 0x20 || code > 0x7e || code === BACKSLASH) return false;
  }
  return true;
}

/** The index just past the JSON value that begins at `start` (a string, an object or list, or a bare literal). */
function valueEndOf(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return stringEnd(text, start) + 1;
  if (first === OPEN_BRACE || first === OPEN_BRACKET) return nestedEnd(text, start) + 1;
  let at = start;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isSpace(code)) break;
  }
  if (at === start) throw new Unscannable();
  return at;
}

/** The index of the quote that closes the string opening at `start` (escapes skipped). */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === BACKSLASH) at++;
    else if (code === QUOTE) return at;
  }
  throw new Unscannable();
}

/** The index of the brace or bracket that closes the object or list opening at `start` (strings in it skipped). */
function nestedEnd(text: string, start: number): number {
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) at = stringEnd(text, at);
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return at;
    }
  }
  throw new Unscannable();
}

function skipSpace(text: string, at: number): number {
  let index = at;
  while (isSpace(text.charCodeAt(index))) index++;
  return index;
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The masked body as it is written: grows as it must, copies short runs itself (a native copy costs more). */
class Writer {
  private buffer: Buffer;
  private length = 0;

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  copy(source: Buffer, from: number, to: number): void {
    const count = to - from;
    if (count <= 0) return;
    this.reserve(count);
    if (count < 32) {
      for (let at = from; at < to; at++) this.buffer[this.length++] = source[at] ?? 0;
    } else {
      this.length += source.copy(this.buffer, this.length, from, to);
    }
  }

  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value;
  }

  string(value: string): void {
    this.reserve(Buffer.byteLength(value));
    this.length += this.buffer.write(value, this.length);
  }

  /** What was written (only that: the rest of the buffer was never initialised). */
  written(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  private reserve(count: number): void {
    if (this.length + count <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + count));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
