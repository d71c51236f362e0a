"use client";

import { useParams } from "next/navigation";
import { PageBreadcrumbs } from "@/components/shell/breadcrumbs";
import { transactionHref } from "@/components/transactions/links";

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The evidence page's trail: Transactions › the payment › Evidence. The page names the payment it read; its loading
 * state, which has no props, reads it from the address, so the trail is the same while the evidence is gathered.
 */
export function EvidenceTrail({ transactionId }: { transactionId?: string }) {
  const params = useParams<{ transactionId?: string }>();
  const id = transactionId ?? decoded(params?.transactionId ?? "");
  return (
    <PageBreadcrumbs
      items={[
        { label: "Transactions", href: "/transactions" },
        ...(id ? [{ label: id, href: transactionHref(id) }] : []),
        { label: "Evidence" },
      ]}
    />
  );
}
