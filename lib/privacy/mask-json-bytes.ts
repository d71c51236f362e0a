import { maskCounterparty, type PersonalDataCategory } from "./fields";
import { MASKED_FIELDS_KEY, maskPersonalData } from "./mask-transaction";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTED_KEY = Buffer.from('"counterpartyInformation"');
const QUOTED_MASKED_KEY = Buffer.from(`"${MASKED_FIELDS_KEY}"`);
const UNICODE_ESCAPE = Buffer.from("\\u");

/** A body this scanner does not take on (see below): masked the way every held answer is, parsed whole. */
class Unscannable extends Error {}

/**
 * maskPersonalData on a JSON answer's bytes, for reads that would otherwise stream: only each
 * `"counterpartyInformation"` object is parsed, masked and written back (with the masked fields' names beside it);
 * every other byte passes as the API sent it, so a page of payments is neither decoded, parsed nor serialised whole.
 * Returns the same Buffer when nothing needed masking. A body that is not JSON passes unchanged, as before.
 *
 * In JSON every quote inside a string follows an odd run of backslashes, and UTF-8 never uses the bytes of `"` or `\`
 * inside a multi-byte character; so the bytes `"counterpartyInformation"` after an even run (none) are that string
 * itself, and followed by a colon, the key. A key written with \u escapes would not be seen by its bytes, and a body
 * already holding the console's own `maskedCounterpartyFields` key is not the API's: such bodies, and any the scanner
 * cannot follow, are masked by parsing them whole (maskPersonalData), so nothing that should be masked passes.
 */
export function maskPersonalDataBytes(body: Buffer, visible: readonly PersonalDataCategory[]): Buffer {
  if (body.includes(UNICODE_ESCAPE)) return maskParsed(body, visible);
  if (!body.includes(QUOTED_KEY)) return body;
  if (body.includes(QUOTED_MASKED_KEY)) return maskParsed(body, visible);
  try {
    return maskScanned(body, visible);
  } catch (error) {
    if (error instanceof Unscannable) return maskParsed(body, visible);
    throw error;
  }
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

function maskScanned(body: Buffer, visible: readonly PersonalDataCategory[]): Buffer {
  const parts: Buffer[] = [];
  let copied = 0;
  let at = 0;
  for (;;) {
    const open = body.indexOf(QUOTED_KEY, at);
    if (open < 0) break;
    at = open + QUOTED_KEY.length;
    // A quote after an odd run of backslashes is inside a string (a memo quoting the key), not a key of its own.
    let backslashes = 0;
    while (body[open - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 1) continue;
    const colon = skipSpace(body, at);
    if (body[colon] !== COLON) continue;
    const start = skipSpace(body, colon + 1);
    // Not an object (null, a list): scanning goes on inside it, as maskPersonalData looks inside.
    if (body[start] !== OPEN_BRACE) continue;
    const end = objectEnd(body, start);
    at = end + 1;
    let information: unknown;
    try {
      information = JSON.parse(body.subarray(start, end + 1).toString("utf8"));
    } catch {
      throw new Unscannable();
    }
    const { information: shown, masked } = maskCounterparty(information as Record<string, unknown>, visible);
    if (masked.length === 0) continue;
    parts.push(
      body.subarray(copied, start),
      Buffer.from(`${JSON.stringify(shown)},"${MASKED_FIELDS_KEY}":${JSON.stringify(masked)}`),
    );
    copied = end + 1;
  }
  if (parts.length === 0) return body;
  parts.push(body.subarray(copied));
  return Buffer.concat(parts);
}

/** The index of the brace that closes the object opening at `start` (strings in it skipped, escapes and all). */
function objectEnd(body: Buffer, start: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < body.length; at++) {
    const byte = body[at];
    if (inString) {
      if (byte === BACKSLASH) at++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return at;
    }
  }
  throw new Unscannable();
}

function skipSpace(body: Buffer, at: number): number {
  let index = at;
  while (body[index] === 0x20 || body[index] === 0x0a || body[index] === 0x0d || body[index] === 0x09)
    index++;
  return index;
}
