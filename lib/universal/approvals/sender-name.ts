/**
 * The sender's name as the webhook gave it (FULL_NAME, else BUSINESS_NAME), trimmed; `fallback` when neither is a
 * non-empty string. The one place the queue, its cards, the deadline alerts and the overview name a sender.
 */
export function senderNameOf(counterpartyInformation: Record<string, unknown>, fallback = ""): string {
  const name = counterpartyInformation.FULL_NAME ?? counterpartyInformation.BUSINESS_NAME;
  const trimmed = typeof name === "string" ? name.trim() : "";
  return trimmed || fallback;
}
