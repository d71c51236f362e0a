import { CopyButton } from "@/components/ui/copy-button";
import type { InternalAccount } from "@/shared/contract";
import { accountDetails, BANK_ACCOUNT_TYPE_LABELS } from "./bank-account-labels";

function railLabel(type: string): string {
  return (BANK_ACCOUNT_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** How to pay into the account: the receiving bank details and the reference that routes the money here. */
export function FundingInstructions({ account }: { account: InternalAccount }) {
  if (account.fundingPaymentInstructions.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The API gives no funding instructions for this account.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {account.fundingPaymentInstructions.map((instruction, index) => {
        const info = instruction.accountOrWalletInfo;
        const reference = info.reference;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: instructions have no id and keep the API's order.
          <div key={index} className="flex flex-col gap-3">
            <p className="text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
              Pay by {railLabel(info.accountType)}
            </p>
            <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
              {accountDetails(info).map((detail) => (
                <div key={detail.label} className="contents">
                  <dt className="text-zinc-500 dark:text-zinc-400">{detail.label}</dt>
                  <dd className={detail.mono ? "font-mono text-xs leading-5 break-all" : undefined}>
                    {detail.value}
                  </dd>
                </div>
              ))}
            </dl>
            {reference ? (
              <div className="flex items-center justify-between gap-3 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 dark:border-brand-700/50 dark:bg-brand-700/20">
                <div className="flex min-w-0 flex-col">
                  <span className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
                    Reference (memo)
                  </span>
                  <span className="font-mono text-sm font-semibold break-all">{reference}</span>
                </div>
                <CopyButton
                  value={reference}
                  label={`${account.balance.currency.code} funding reference`}
                  showText
                  variant="outline"
                />
              </div>
            ) : null}
            {instruction.instructionsNotes ? (
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{instruction.instructionsNotes}</p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
