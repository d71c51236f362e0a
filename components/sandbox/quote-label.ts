import { isWaitingForFunds } from "@/lib/client/api/sandbox";
import { formatMinorUnits } from "@/lib/universal/money/format";
import { quotePartiesText } from "@/lib/universal/names/counterparty";
import type { NamedRecord } from "@/lib/universal/names/labels";
import type { Quote } from "@/shared/contract";

/**
 * "$15.00 → MX$255.00 · from Platform to Ada Lovelace's MXN account · Quote:…": what the quote sends and delivers,
 * then who sends it and whom it pays, by name as the quotes list and the search name them (their ids until the
 * names are found); its id last, to tell alike quotes apart.
 */
export function quoteLabel(quote: Quote, names: Readonly<Record<string, NamedRecord>>): string {
  const sends = formatMinorUnits(quote.totalSendingAmount, quote.sendingCurrency);
  const receives = formatMinorUnits(quote.totalReceivingAmount, quote.receivingCurrency);
  const waiting = isWaitingForFunds(quote) ? " · executed, waiting for funds" : "";
  return `${sends} → ${receives} · ${quotePartiesText(quote, names)} · ${quote.quoteId}${waiting}`;
}
