import { INVISIBLE, listOf, scriptOf, together } from "../../../shared/contract/domain-scripts";

/**
 * A team member's name is how the console names them to everyone else: in the audit log, on a payment's timeline,
 * in "approved by …" and on every four-eyes panel. So a name may not pass for another member's: no invisible
 * characters or text-direction controls, no compatibility forms (full-width letters), and no word that mixes
 * scripts ("Аdmin" with a Cyrillic "А"). Spaces between words are plain spaces. A name wholly in one script, or in
 * scripts written together (Japanese), is fine, and so is each word in its own script.
 */
export function personNameIssue(name: string): string | null {
  const chars = Array.from(name);
  const invisible = chars.filter((char) => char !== " " && INVISIBLE.test(char));
  if (invisible.length > 0) {
    return `The name holds invisible characters (${listOf(invisible)}), like zero-width spaces or text-direction controls, that make it look like another. Type it again without them.`;
  }
  const compatibility = chars.filter((char) => char.normalize("NFKC") !== char);
  if (compatibility.length > 0) {
    return `The name holds full-width or compatibility characters (${listOf(compatibility)}) that stand for others: write it as "${name.normalize("NFKC")}".`;
  }
  for (const word of name.normalize("NFC").split(" ")) {
    const byScript = new Map<string, string[]>();
    for (const char of word) {
      const script = scriptOf(char);
      if (script === null || !/\p{L}/u.test(char)) continue;
      byScript.set(script, [...(byScript.get(script) ?? []), char]);
    }
    const scripts = [...byScript.keys()];
    if (scripts.length > 1 && !together(scripts)) {
      const main = byScript.has("Latin") ? "Latin" : (scripts[0] ?? "");
      const others = scripts.filter((script) => script !== main);
      const intruders = others.flatMap((script) => byScript.get(script) ?? []);
      return `"${word}" mixes ${main} letters with ${others.join(" and ")} ones (${listOf(intruders)}): a look-alike of another name. Write each word in one script.`;
    }
  }
  return null;
}

/**
 * A name as people tell names apart: compatibility forms folded, accents and case dropped, spaces collapsed. Two
 * members whose names read the same ("Ada Admin", "ada  admin", "Adá Admin") could not be told apart where the
 * console names them.
 */
export function nameAsRead(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim().replace(/\s+/g, " ");
}

/**
 * What is wrong with each member's name as the console names them, for the Team page to flag: a name that reads the
 * same as another member's, or one the name rule (personNameIssue) would refuse now. Names given before that rule
 * stand until renamed; the page says which to rename, keyed by member id.
 */
export function teamNameWarnings(
  members: readonly { id: string; name: string; email: string }[],
): Map<string, string> {
  const byReading = new Map<string, { id: string; name: string; email: string }[]>();
  for (const member of members) {
    const reading = nameAsRead(member.name);
    byReading.set(reading, [...(byReading.get(reading) ?? []), member]);
  }
  const warnings = new Map<string, string>();
  for (const member of members) {
    const others = (byReading.get(nameAsRead(member.name)) ?? []).filter((other) => other.id !== member.id);
    if (others.length > 0) {
      const named = others.map((other) => `${other.name} (${other.email})`).join(", ");
      warnings.set(
        member.id,
        `Reads the same as ${named}: the audit log and "approved by" cannot tell them apart. Rename one of them.`,
      );
      continue;
    }
    const issue = personNameIssue(member.name);
    if (issue) warnings.set(member.id, `${issue} Given before names were checked: rename them.`);
  }
  return warnings;
}
