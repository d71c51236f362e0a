"use client";

import { History } from "lucide-react";
import type * as React from "react";
import { accountPaymentsHref } from "@/components/transactions/links";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { SimpleTooltip } from "@/components/ui/tooltip";

/** The account's payments in and out: "Payments" with its icon, or the icon alone with its name as a tooltip. */
export function PaymentsLink({
  accountId,
  compact = false,
  className,
  children,
}: {
  /** An internal or a bank account's id: the transactions list is narrowed to it on either side. */
  accountId: string;
  compact?: boolean;
  className?: string;
  /** The rest of its accessible name: "of the platform's USD account". */
  children: React.ReactNode;
}) {
  if (compact) {
    return (
      <SimpleTooltip content="Payments in and out">
        <Button asChild variant="ghost" size="icon-sm" className={className}>
          <Link href={accountPaymentsHref(accountId)}>
            <History aria-hidden="true" />
            <span className="sr-only">Payments {children}</span>
          </Link>
        </Button>
      </SimpleTooltip>
    );
  }
  return (
    <Button asChild variant="ghost" size="sm" className={className}>
      <Link href={accountPaymentsHref(accountId)}>
        <History aria-hidden="true" />
        Payments<span className="sr-only"> {children}</span>
      </Link>
    </Button>
  );
}
