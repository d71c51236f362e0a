"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { Badge } from "@/components/ui/badge";
import { SimpleTooltip } from "@/components/ui/tooltip";
import { configQuery } from "@/lib/client/api/config";

/** Why a currency is retired, in the words every page uses. */
export const retiredReason = (code: string) =>
  `${code} is no longer in the platform's supported currencies: its balances and history stay readable, but no new payment can use it.`;

/**
 * Which currencies are retired: held in accounts (the payment API keeps an account when its currency is removed
 * from the configuration) but no longer among the platform's supported currencies. Until the configuration has
 * loaded (or when it cannot be read) no currency counts as retired, so nothing is hidden on a guess.
 */
export function useRetiredCurrencies(): { isRetired: (code: string) => boolean; loaded: boolean } {
  const { data } = useQuery(configQuery());
  // Stable while the configuration is, so lists filtered with it can be memoised.
  const isRetired = useCallback(
    (code: string) =>
      data !== undefined && !data.supportedCurrencies.some((entry) => entry.currencyCode === code),
    [data],
  );
  return { isRetired, loaded: data !== undefined };
}

/**
 * "Retired" beside a currency: its tooltip says why, and the same words are the badge's description for those who
 * never hover (a visually hidden text after the badge's label).
 */
export function RetiredCurrencyBadge({ code }: { code: string }) {
  return (
    <SimpleTooltip content={retiredReason(code)}>
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that keyboard users reach the tooltip
        tabIndex={0}
        className="inline-flex rounded-full focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Badge variant="warning">
          Retired<span className="sr-only">: {retiredReason(code)}</span>
        </Badge>
      </span>
    </SimpleTooltip>
  );
}
