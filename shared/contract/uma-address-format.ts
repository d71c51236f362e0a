import { domainAsSent, domainScriptIssue, INVISIBLE, scriptOf } from "./domain-scripts";

/*
 * The UMA address and hostname rules as plain functions, without zod, so the pages can check an address as it is
 * typed without loading the schemas. The schemas (uma-address.ts, common.ts) are built on these same functions.
 */

// ---------------------------------------------------------------------------------------------------------
// Hostnames (UMA domains, webhook hosts)

const LABEL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Why `host` (lowercase hostname, optional `:port`) is not a usable domain, or null. Needs a dot except for
 * `localhost` (local development), and a top-level label that is not all digits, so IP addresses are refused.
 */
export function hostnameIssue(host: string): string | null {
  let name = host;
  const portMatch = /^(.*):(\d{1,5})$/.exec(host);
  if (portMatch) {
    const port = Number(portMatch[2]);
    if (port < 1 || port > 65535) return "The port must be a number from 1 to 65535";
    name = portMatch[1] ?? "";
  }
  if (name.length === 0) return "Add a domain, like example.com";
  if (name.length > 253) return "The domain is longer than 253 characters";
  if (name === "localhost") return null;
  // Look-alikes first, so a mixed-script part is refused for what it is, not for its letters.
  const lookAlike = domainScriptIssue(name);
  if (lookAlike !== null) return lookAlike;
  if (/[^\x20-\x7e]/.test(name)) {
    const ascii = domainAsSent(name);
    if (ascii !== name) return `Write the international domain in its ASCII form: ${ascii}`;
  }
  const labels = name.split(".");
  if (labels.length < 2) return "The domain needs a dot, like example.com";
  for (const label of labels) {
    if (label.length === 0) return "The domain has an empty part between dots";
    if (label.length > 63) return `The domain part "${label.slice(0, 20)}…" is longer than 63 characters`;
    if (!LABEL_PATTERN.test(label)) {
      return `The domain part "${label}" may use only a-z, 0-9 and hyphens, not at its start or end`;
    }
  }
  const tld = labels[labels.length - 1] ?? "";
  if (/^\d+$/.test(tld)) return "Use a domain name, not an IP address";
  return null;
}

/** The username portion counts its leading `$`. */
export const MAX_UMA_USERNAME_LENGTH = 64;

const USERNAME_CHAR = /^[a-z0-9\-_.+]$/;

export type ParsedUmaAddress = {
  /** Normalised (lowercase) full address. */
  address: string;
  /** Includes the leading `$`. */
  username: string;
  /** Hostname, with `:port` when one was given. */
  domain: string;
};

export type UmaAddressParseResult = { ok: true; value: ParsedUmaAddress } | { ok: false; issue: string };

function fail(issue: string): UmaAddressParseResult {
  return { ok: false, issue };
}

// Only ASCII letters fold: String#toLowerCase would turn the Kelvin sign (U+212A) into "k" and let a character
// outside the allowed set through.
export function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * A character as a message names it: `"%"`, or for one outside ASCII its code point and what it is, since it may
 * look like an allowed one (`"а" U+0430, a Cyrillic letter`; `"＠" U+FF20, a full-width character`).
 */
function characterWords(char: string): string {
  if (/^[\x21-\x7e]$/.test(char)) return `"${char}"`;
  const code = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
  const shown = INVISIBLE.test(char) ? code : `"${char}" ${code}`;
  if (char.normalize("NFKC") !== char) return `${shown}, a full-width or compatibility character`;
  const script = scriptOf(char);
  if (script !== null && script !== "other-script" && /\p{L}/u.test(char)) {
    return `${shown}, a${/^[AEIOU]/.test(script) ? "n" : ""} ${script} letter`;
  }
  return INVISIBLE.test(char) ? `${shown}, an invisible character` : shown;
}

/** Addresses are case-insensitive; lowercase is the stored and compared form. */
export function normalizeUmaAddress(address: string): string {
  return asciiLower(address);
}

/**
 * Checks the rules of the spec's "UMA address format" one at a time, so a form can say exactly what is wrong
 * while the person is still typing. Uppercase letters are accepted and lowered.
 */
export function parseUmaAddress(input: string): UmaAddressParseResult {
  if (input.length === 0) return fail("Enter a UMA address like $alice@example.com");
  if (/\s/.test(input)) return fail("A UMA address cannot contain spaces");
  if (!input.startsWith("$")) return fail("A UMA address starts with $, like $alice@example.com");
  const at = input.indexOf("@");
  const lookAlikeAt = Array.from(input).find((ch) => ch !== "@" && ch.normalize("NFKC") === "@");
  if (at === -1 && lookAlikeAt !== undefined) {
    return fail(`The address holds ${characterWords(lookAlikeAt)}, in place of @: type the plain @`);
  }
  if (at === -1) return fail("Add @ and a domain after the username, like $alice@example.com");
  if (input.indexOf("@", at + 1) !== -1) return fail("A UMA address has only one @");

  const username = asciiLower(input.slice(0, at));
  const name = username.slice(1);
  if (name.length === 0) return fail("Add a username after $");
  const badChar = Array.from(name).find((ch) => !USERNAME_CHAR.test(ch));
  if (badChar !== undefined) {
    return fail(`The username cannot contain ${characterWords(badChar)}; use only a-z, 0-9, -, _, . and +`);
  }
  if (username.length > MAX_UMA_USERNAME_LENGTH) {
    return fail(
      `The username is ${username.length} characters counting the $; the limit is ${MAX_UMA_USERNAME_LENGTH}`,
    );
  }

  const domain = asciiLower(input.slice(at + 1));
  if (domain.length === 0) return fail("Add a domain after @, like $alice@example.com");
  const domainIssue = hostnameIssue(domain);
  if (domainIssue !== null) return fail(domainIssue);

  return { ok: true, value: { address: `${username}@${domain}`, username, domain } };
}

/** The first broken rule as a sentence for people, or null when the address is valid. */
export function umaAddressIssue(input: string): string | null {
  const result = parseUmaAddress(input);
  return result.ok ? null : result.issue;
}
