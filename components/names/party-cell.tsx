"use client";

import { customerHref } from "@/components/transactions/links";
import { Link } from "@/components/ui/link";
import { SimpleTooltip } from "@/components/ui/tooltip";
import { WrappableAddress } from "@/components/ui/wrappable-address";
import type { Party } from "@/lib/universal/names/counterparty";
import type { NamedRecord } from "@/lib/universal/names/labels";
import { useNames } from "./names-context";

const MUTED = "text-xs text-zinc-500 dark:text-zinc-400";
// A name wraps at its spaces, and a UMA address at its "@" and dots, rather than being cut: the table gives these
// columns the room it has (at 1366 px the names are whole on a line or two) and a name takes another line where it
// has too little, so every column stays in view at 1280 px. Up to 13 rem wide, so a long name does not take a wide
// table's room from the other columns. Only ids, which nobody reads whole in a list, are cut (whole in the title).
const NAME = "block max-w-52 wrap-break-word";
const ID_LINE = "block max-w-52 truncate";

/** What an id names before its name is known: its kind, so a bare id is never all the cell (or line) says. */
export function kindOf(id: string): string {
  if (id.startsWith("Customer:")) return "Customer";
  if (id.startsWith("InternalAccount:")) return "Internal account";
  if (id.startsWith("ExternalAccount:")) return "Bank account";
  return "Account";
}

function customerOf(record: NamedRecord): string | undefined {
  return record.kind === "platform-account" ? undefined : record.customerId;
}

/** A name, whole, with what else is known of it in a tooltip; a link when it leads somewhere. */
function NameLine({
  text,
  detail,
  href,
}: {
  text: string;
  detail?: string | undefined;
  href?: string | undefined;
}) {
  const tip = (
    <span className="flex flex-col gap-0.5">
      <span>{text}</span>
      {detail ? <span className="break-all font-mono">{detail}</span> : null}
    </span>
  );
  if (href) {
    return (
      <SimpleTooltip content={tip}>
        <Link
          href={href}
          className={`${NAME} text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400`}
        >
          {text}
        </Link>
      </SimpleTooltip>
    );
  }
  return (
    <span className={`${NAME} text-sm`} title={detail ? `${text} (${detail})` : text}>
      {text}
    </span>
  );
}

/**
 * One side of a payment in a list's cell, by name: a customer (linked to their page), an account by its owner, a
 * bank account by holder and bank, a UMA address with the name the other side shared, or "Platform".
 */
export function PartyCell({ party }: { party: Party }) {
  const { names, loading } = useNames();
  switch (party.kind) {
    case "platform":
      return <span className="text-sm whitespace-nowrap">Platform</span>;
    case "unknown":
      return <span className={MUTED}>{party.text}</span>;
    case "uma":
      return (
        <span className="flex min-w-0 flex-col">
          {party.name ? <NameLine text={party.name} detail={party.address} /> : null}
          <span className={`${NAME} font-mono ${party.name ? MUTED : "text-xs"}`}>
            <WrappableAddress text={party.address} />
          </span>
        </span>
      );
    case "ref": {
      const record = names[party.id];
      if (!record) {
        return (
          <span className="flex min-w-0 flex-col">
            <span className={MUTED}>{loading ? "…" : kindOf(party.id)}</span>
            <span className={`${ID_LINE} font-mono text-xs`} title={party.id}>
              {party.id}
            </span>
          </span>
        );
      }
      const customerId = customerOf(record);
      const detail =
        record.kind === "customer"
          ? `${record.platformCustomerId}${record.deleted ? " (deleted)" : ""}`
          : party.id;
      return (
        <span className="flex min-w-0 flex-col">
          <NameLine
            text={record.name}
            detail={detail}
            href={customerId ? customerHref(customerId) : undefined}
          />
          {record.kind === "customer" ? (
            <span className={`${ID_LINE} font-mono ${MUTED}`} title={record.platformCustomerId}>
              {record.platformCustomerId}
              {record.deleted ? " · deleted" : ""}
            </span>
          ) : null}
        </span>
      );
    }
  }
}
