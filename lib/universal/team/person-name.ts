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
