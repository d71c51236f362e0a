"use client";

import { History } from "lucide-react";
import { accountPaymentsHref } from "@/components/transactions/links";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { SimpleTooltip } from "@/components/ui/tooltip";

/** The account's payments in and out: "Payments" with its icon, or the icon alone with its name as a tooltip. */
export function PaymentsLink({
  accountId,
  compact = false,
  className,
  of,
}: {
  /** An internal or a bank account's id: the transactions list is narrowed to it on either side. */
  accountId: string;
  compact?: boolean;
  className?: string;
  /**
   * Whose account, for its accessible name ("Payments of the platform's USD account"): a label, not hidden text, so
   * that the account's name is found once on the page, where it is shown.
   */
  of: string;
}) {
  if (compact) {
    return (
      <SimpleTooltip content="Payments in and out">
        <Button asChild variant="ghost" size="icon-sm" className={className}>
          <Link href={accountPaymentsHref(accountId)} aria-label={`Payments of ${of}`}>
            <History aria-hidden="true" />
          </Link>
        </Button>
      </SimpleTooltip>
    );
  }
  return (
    <Button asChild variant="ghost" size="sm" className={className}>
      <Link href={accountPaymentsHref(accountId)} aria-label={`Payments of ${of}`}>
        <History aria-hidden="true" />
        Payments
      </Link>
    </Button>
  );
}
