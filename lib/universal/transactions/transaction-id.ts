const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A payment's id as the API spells it ("Transaction:" and a lower-case UUID) from what a person pasted: the bare
 * UUID as logs and other systems print it, or the id in another letter case. Other text is left as typed.
 */
export function asTransactionId(typed: string): string {
  const text = typed.trim();
  if (UUID.test(text)) return `Transaction:${text.toLowerCase()}`;
  const match = /^transaction:(.+)$/i.exec(text);
  if (!match?.[1]) return text;
  const id = match[1].trim();
  return `Transaction:${UUID.test(id) ? id.toLowerCase() : id}`;
}
