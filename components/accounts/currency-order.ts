import { compareCodeUnits } from "@/lib/universal/text/order";
import type { InternalAccount } from "@/shared/contract";

/** In the platform's currency order (USD, EUR, MXN as configured), any other currency after, alphabetically. */
export function byConfiguredCurrency(order: readonly string[]) {
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  return (a: InternalAccount, b: InternalAccount) =>
    rank(a.balance.currency.code) - rank(b.balance.currency.code) ||
    compareCodeUnits(a.balance.currency.code, b.balance.currency.code);
}
