import {
  type FormatMinorUnitsOptions,
  formatMinorUnits,
  type MinorUnitCurrency,
} from "@/lib/universal/money/format";

export type MoneyProps = FormatMinorUnitsOptions & {
  /** Integer of minor units (cents for USD, yen for JPY). */
  amount: number | bigint;
  /** The API's currency object, or any `{code, decimals}`. */
  currency: MinorUnitCurrency;
  locale?: string;
  /** Classes added to its own (a weight, a colour); none of them may undo `whitespace-nowrap tabular-nums`. */
  className?: string;
};

const OWN = "whitespace-nowrap tabular-nums";

/** An amount in its currency, with tabular figures so columns of amounts line up. */
export function Money({ amount, currency, locale, className, ...options }: MoneyProps) {
  return (
    // Joined, not merged: a list draws dozens of amounts, and merging is tailwind-merge's whole class map built on the
    // first (lib/universal/utils.ts).
    <span className={className ? `${OWN} ${className}` : OWN} data-currency={currency.code}>
      {formatMinorUnits(amount, currency, locale, options)}
    </span>
  );
}
