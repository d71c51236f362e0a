/**
 * A person's words quoted as a sentence of their own, inside a longer text: “Sender could not be verified”. The
 * stop goes after the closing quote only when the words have none of their own; words that already end their
 * sentence (“…match exactly.”, “…same person?”) take no second one (“…exactly.”. read as a slip).
 */
export function quotedSentence(text: string): string {
  const words = text.trimEnd();
  return /[.!?…]$/.test(words) ? `“${words}”` : `“${words}”.`;
}
