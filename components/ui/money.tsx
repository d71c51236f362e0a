import {
  type FormatMinorUnitsOptions,
  formatMinorUnits,
  type MinorUnitCurrency,
} from "@/lib/universal/money/format";
import { cn } from "@/lib/universal/utils";

export type MoneyProps = FormatMinorUnitsOptions & {
  /** Integer of minor units (cents for USD, yen for JPY). */
  amount: number | bigint;
  /** The API's currency object, or any `{code, decimals}`. */
  currency: MinorUnitCurrency;
  locale?: string;
  className?: string;
};

/** An amount in its currency, with tabular figures so columns of amounts line up. */
export function Money({ amount, currency, locale, className, ...options }: MoneyProps) {
  return (
    <span className={cn("whitespace-nowrap tabular-nums", className)} data-currency={currency.code}>
      {formatMinorUnits(amount, currency, locale, options)}
    </span>
  );
}
