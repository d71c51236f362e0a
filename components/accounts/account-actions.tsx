"use client";

import { useExistsHere, usePermission } from "@/components/auth/permissions-context";
import { retiredReason, useRetiredCurrencies } from "@/components/currencies/retired-currency";
import type { Decision } from "@/lib/universal/auth/permissions";
import type { Customer, InternalAccount } from "@/shared/contract";
import { kycLetsMoneyMove } from "@/shared/contract/customer-requirements";
import { FundDialog } from "./fund-dialog";
import { PaymentsLink } from "./payments-link";
import { TransferDialog } from "./transfer-dialog";

/** Whether money may move for this owner now: the role's permission, then the customer's state. */
function useMoneyMoveDecision(customer?: Customer): Decision {
  const move = usePermission("money.move");
  if (!move.allowed || !customer) return move;
  if (customer.isDeleted)
    return { allowed: false, reason: "This customer is deleted; its money cannot move." };
  if (!kycLetsMoneyMove(customer.kycStatus)) {
    return { allowed: false, reason: "Money moves only once the customer's KYC is approved." };
  }
  return move;
}

/**
 * Whether sandbox funding may put money into this owner's account: the role's permission, then an owner who could
 * take it out again (the payment API refuses funding a deleted customer's account, or one whose KYC is not
 * approved), then a currency still supported.
 */
function fundDecision(sandbox: Decision, customer: Customer | undefined, retired: string | null): Decision {
  if (!sandbox.allowed) return sandbox;
  if (customer?.isDeleted)
    return { allowed: false, reason: "This customer is deleted; its accounts cannot be funded." };
  if (customer && !kycLetsMoneyMove(customer.kycStatus)) {
    return {
      allowed: false,
      reason: "The customer's KYC is not approved, so nothing could leave the account: it cannot be funded.",
    };
  }
  return retired ? { allowed: false, reason: retired } : sandbox;
}

/**
 * One internal account's payments (the transactions list narrowed to it), then its Transfer and (sandbox) Fund
 * buttons, each disabled with its reason.
 */
export function AccountActions({
  account,
  ownerLabel,
  customer,
  compact = false,
}: {
  account: InternalAccount;
  ownerLabel: string;
  customer?: Customer;
  /** In a table's row: the Payments link as its icon alone (named, with a tooltip), so the row keeps its width. */
  compact?: boolean;
}) {
  const move = useMoneyMoveDecision(customer);
  const sandbox = usePermission("sandbox.use");
  const fundingExists = useExistsHere("sandbox.use");
  const retired = useRetiredCurrencies().isRetired(account.balance.currency.code);
  const fund = fundDecision(sandbox, customer, retired ? retiredReason(account.balance.currency.code) : null);
  // A retired currency's account: what is left in it may be transferred out; nothing new comes in.
  const transfer: Decision =
    move.allowed && retired && account.balance.amount <= 0
      ? {
          allowed: false,
          reason: `${account.balance.currency.code} is no longer supported and this account holds nothing to transfer out.`,
        }
      : move;
  const customerHref = account.customerId
    ? `/customers/${encodeURIComponent(account.customerId)}`
    : undefined;
  return (
    <div className="flex justify-end gap-2">
      <PaymentsLink
        accountId={account.id}
        of={`${ownerLabel}'s ${account.balance.currency.code} account`}
        compact={compact}
        className={compact ? undefined : "mr-auto"}
      />
      <TransferDialog
        account={account}
        ownerLabel={ownerLabel}
        decision={transfer}
        customerHref={customerHref}
        outOnly={retired}
      />
      {fundingExists ? <FundDialog account={account} ownerLabel={ownerLabel} decision={fund} /> : null}
    </div>
  );
}
