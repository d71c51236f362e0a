import type * as React from "react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { FromTo } from "@/components/ui/from-to";
import { Money } from "@/components/ui/money";
import { WrappableAddress } from "@/components/ui/wrappable-address";
import {
  type ConfigChange,
  type CounterpartyFieldSetting,
  type CurrencyChange,
  type CurrencyFieldChange,
  proxyUmaSubdomainOf,
} from "@/lib/universal/config/diff";
import { currencyName } from "@/lib/universal/intl/currency-names";
import type { EnabledTransactionType } from "@/shared/contract";
import { domainWithAsciiForm } from "@/shared/contract/domain-scripts";
import { currencyDecimals } from "@/shared/contract/iso-4217";
import { fieldLabel } from "./field-labels";
import { UmaDomainMoveNote } from "./uma-domain-move-note";

function Amount({ minor, currencyCode }: { minor: number; currencyCode: string }) {
  return (
    <Money amount={minor} currency={{ code: currencyCode, decimals: currencyDecimals(currencyCode) ?? 2 }} />
  );
}

function fieldList(fields: readonly CounterpartyFieldSetting[]): string {
  if (fields.length === 0) return "none";
  return fields
    .map((field) => `${fieldLabel(field.name)} (${field.mandatory ? "required" : "optional"})`)
    .join(", ");
}

/** "Receives and sends", "Receives only", "Sends only", "Neither". */
function directionsLabel(types: readonly EnabledTransactionType[]): string {
  const receives = types.includes("INCOMING");
  const sends = types.includes("OUTGOING");
  if (receives && sends) return "Receives and sends";
  if (receives) return "Receives only";
  if (sends) return "Sends only";
  return "Neither receives nor sends";
}

function describeFieldChange(change: CurrencyFieldChange, currencyCode: string): React.ReactNode {
  switch (change.kind) {
    case "minAmount":
    case "maxAmount":
      return (
        <>
          {change.kind === "minAmount" ? "Minimum" : "Maximum"}:{" "}
          <FromTo
            from={<Amount minor={change.from} currencyCode={currencyCode} />}
            to={<Amount minor={change.to} currencyCode={currencyCode} />}
          />
        </>
      );
    case "fieldAdded":
      return `Asks for ${fieldLabel(change.name)} (${change.mandatory ? "required" : "optional"})`;
    case "fieldRemoved":
      return `No longer asks for ${fieldLabel(change.name)}`;
    case "fieldMandatory":
      return (
        <>
          {fieldLabel(change.name)}:{" "}
          <FromTo from={change.from ? "required" : "optional"} to={change.to ? "required" : "optional"} />
        </>
      );
    case "directions":
      return (
        <>
          Payments: <FromTo from={directionsLabel(change.from)} to={directionsLabel(change.to)} />
        </>
      );
  }
}

const CURRENCY_BADGE: Record<CurrencyChange["kind"], { label: string; variant: BadgeVariant }> = {
  added: { label: "Added", variant: "success" },
  removed: { label: "Removed", variant: "danger" },
  changed: { label: "Changed", variant: "info" },
};

/** One currency's change: added or removed with its settings, or what changed in it. */
export function CurrencyChangeItem({ change }: { change: CurrencyChange }) {
  const code = change.kind === "changed" ? change.currencyCode : change.currency.currencyCode;
  const name = currencyName(code);
  const badge = CURRENCY_BADGE[change.kind];
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span className="font-mono font-semibold">{code}</span>
        {name ? <span className="text-zinc-600 dark:text-zinc-400">{name}</span> : null}
      </div>
      {change.kind === "changed" ? (
        <ul className="mt-1.5 ml-1 list-inside list-disc space-y-0.5 text-zinc-700 dark:text-zinc-300">
          {change.changes.map((fieldChange) => (
            <li key={`${fieldChange.kind}-${"name" in fieldChange ? fieldChange.name : ""}`}>
              {describeFieldChange(fieldChange, code)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1.5 text-zinc-700 dark:text-zinc-300">
          {change.kind === "added" ? "Limits " : "Had limits "}
          <Amount minor={change.currency.minAmount} currencyCode={code} /> to{" "}
          <Amount minor={change.currency.maxAmount} currencyCode={code} />; counterparty fields:{" "}
          {fieldList(change.currency.requiredCounterpartyFields)}
          {change.currency.enabledTransactionTypes
            ? `; ${directionsLabel(change.currency.enabledTransactionTypes).toLowerCase()}`
            : ""}
          .
        </p>
      )}
    </>
  );
}

function keyOf(change: ConfigChange): string {
  if (change.kind !== "currency") return change.kind;
  const inner = change.change;
  return `currency-${inner.kind === "changed" ? inner.currencyCode : inner.currency.currencyCode}`;
}

/**
 * Exactly what a save changes, one item per setting or currency. `review` adds what saving will do beyond the
 * setting itself (addresses moved, a TEST event), for a change about to be saved rather than one in the history.
 */
export function ConfigDiffList({
  changes,
  label,
  review = false,
}: {
  changes: readonly ConfigChange[];
  label: string;
  review?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-200 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800"
    >
      {changes.map((change) => (
        <li key={keyOf(change)} className="px-3 py-2.5">
          {change.kind === "umaDomain" ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="info">Changed</Badge>
                <span className="font-medium">UMA domain</span>
              </div>
              <p className="mt-1.5 font-mono text-xs wrap-break-word">
                {/* An international name is read with its xn-- form beside it: what is sent, and no look-alike. */}
                <FromTo
                  from={<WrappableAddress text={domainWithAsciiForm(change.from)} />}
                  to={<WrappableAddress text={domainWithAsciiForm(change.to)} />}
                />
              </p>
              {review ? (
                <>
                  <UmaDomainMoveNote from={change.from} to={change.to} />
                  <p className="mt-1 wrap-break-word text-zinc-600 dark:text-zinc-400">
                    The proxy UMA subdomain becomes{" "}
                    <code className="font-mono">
                      <WrappableAddress text={proxyUmaSubdomainOf(change.to)} />
                    </code>
                    .
                  </p>
                </>
              ) : null}
            </>
          ) : change.kind === "webhookEndpoint" ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="info">Changed</Badge>
                <span className="font-medium">Webhook endpoint</span>
              </div>
              <p className="mt-1.5 break-all font-mono text-xs">
                <FromTo from={change.from || "not set"} to={change.to} />
              </p>
              {review ? (
                <p className="mt-1 text-zinc-600 dark:text-zinc-400">
                  The payment API sends a TEST event to the new endpoint; its answer is shown once the change
                  is applied.
                </p>
              ) : null}
            </>
          ) : (
            <CurrencyChangeItem change={change.change} />
          )}
        </li>
      ))}
    </ul>
  );
}
