import { Money } from "@/components/ui/money";
import type { PendingApproval } from "@/lib/client/api/approvals";
import { senderNameOf } from "@/lib/universal/approvals/sender-name";

/** Which payment a decision dialog decides: its amount, its sender and its id, as its card shows them. */
export function DecisionSubject({ approval }: { approval: PendingApproval }) {
  const { transaction } = approval;
  return (
    <p className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-950">
      <span className="font-semibold">
        {transaction.receivedAmount ? (
          <Money amount={transaction.receivedAmount.amount} currency={transaction.receivedAmount.currency} />
        ) : (
          "Amount not stated"
        )}
      </span>{" "}
      <span className="text-zinc-600 dark:text-zinc-400">
        from {senderNameOf(approval.counterpartyInformation, "Unknown sender")}
      </span>
      <span className="mt-0.5 block break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">
        {transaction.id}
      </span>
    </p>
  );
}
