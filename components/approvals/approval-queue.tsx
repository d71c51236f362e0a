"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, CircleCheck, Keyboard, ListFilter, SearchX } from "lucide-react";
import { useRouter } from "next/navigation";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { DataTableToolbar } from "@/components/data-table/data-table-toolbar";
import { defineFilters } from "@/components/data-table/filters";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { ProvidedNames, useNamesFor } from "@/components/names/names-context";
import { transactionHref } from "@/components/transactions/links";
import { Button } from "@/components/ui/button";
import { errorDetails } from "@/components/ui/error-details";
import { isDialogOpen, isTypingTarget } from "@/components/ui/keyboard-targets";
import { Label } from "@/components/ui/label";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { NativeSelect } from "@/components/ui/native-select";
import { QueryState } from "@/components/ui/query-state";
import { StaleDataNotice } from "@/components/ui/stale-data-notice";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { type ApprovalQueuePage, approvalQueueQuery, type PendingApproval } from "@/lib/client/api/approvals";
import { approvalCardAnchor } from "@/lib/universal/approvals/card-anchor";
import { alertWatchList } from "@/lib/universal/approvals/deadline-alerts";
import { filterQueue, queueCurrencies } from "@/lib/universal/approvals/queue-filter";
import {
  groupBySender,
  QUEUE_SORT_LABELS,
  QUEUE_SORTS,
  type QueueSort,
  sortQueue,
} from "@/lib/universal/approvals/queue-sort";
import {
  isTypedCharacter,
  moveFocus,
  type TriageAction,
  triageAction,
} from "@/lib/universal/approvals/triage-keys";
import { formatCount } from "@/lib/universal/intl/count";
import { type Party, transactionCustomer } from "@/lib/universal/names/counterparty";
import type { NamedRecord } from "@/lib/universal/names/labels";
import { cn } from "@/lib/universal/utils";
import { isIsoCurrencyCode } from "@/shared/contract/iso-4217";
import { ApprovalCard } from "./approval-card";
import { BulkApproveBar } from "./bulk-approve-bar";
import { DeadlineAlertSettings } from "./deadline-alert-settings";
import { DeadlineAlertList } from "./deadline-alerts";
import { type OpenDecision, QueueDecisionDialogs } from "./queue-decision-dialogs";
import { QueueNotices, useQueueNotices } from "./queue-notices";
import { useApproveDecisions } from "./two-approvers-note";

// The key list opens on "?": its dialog is downloaded then, not with the queue.
const TriageKeysDialog = lazyWhenOpen(() =>
  import("./triage-keys-dialog").then((module) => module.TriageKeysDialog),
);

/** The queue's filters, kept in the URL; the currency choices are the currencies waiting. */
function queueFilters(currencies: readonly string[]) {
  return defineFilters([
    // Narrowed with every keystroke: a queue that narrowed when typing paused moved the card someone was about to
    // click (issue 27, bug 9).
    {
      type: "text",
      key: "q",
      label: "Search the queue",
      // A name is the sender's or our customer's (the recipient); the placeholder fits the field on a phone.
      placeholder: "Name, memo or id",
      asYouType: true,
    },
    {
      type: "select",
      key: "currency",
      label: "Currency",
      allLabel: "All currencies",
      options: currencies.map((code) => ({ value: code, label: code })),
      // Chosen, it stays chosen after its last payment is decided, so the filter does not silently lift.
      accepts: isIsoCurrencyCode,
    },
  ]);
}

/** Where the queue is: each page visited so far (its cursor and the position of its first payment), the last shown. */
type Trail = { cursor?: string | undefined; offset: number }[];

const FIRST_PAGE: Trail = [{ offset: 0 }];

/**
 * The queue of pending incoming payments, a page at a time (GET /api/approvals, QUEUE_PAGE_SIZE cards), soonest
 * deadline first: a queue of thousands costs what one page costs. The server narrows and orders the whole queue
 * (the filters and the order are sent with the page asked for). It follows the console's live events, so a
 * payment decided by another officer or timed out leaves every open queue with a notice saying who decided it or
 * that it timed out, and a new one appears in its place when that place is on the page shown.
 */
export function ApprovalQueue() {
  // The currencies seen waiting (the server's pages name them): the currency filter's choices.
  const [seenCurrencies, setSeenCurrencies] = useState<readonly string[]>([]);
  const currencies = seenCurrencies.join(",");
  const filterDefs = useMemo(() => queueFilters(currencies ? currencies.split(",") : []), [currencies]);
  const filters = useDataTableFilters(filterDefs);
  const { values } = filters;
  const [sort, setSort] = useQueryState(
    "sort",
    parseAsStringLiteral(QUEUE_SORTS).withDefault("deadline").withOptions({ history: "replace" }),
  );
  const asked: ApprovalQueuePage = {
    q: values.q?.trim() || undefined,
    currency: values.currency || undefined,
    sort,
  };
  // Other filters or another order start again from the first page.
  const askedKey = JSON.stringify(asked);
  const [trail, setTrail] = useState<{ key: string; pages: Trail }>({ key: askedKey, pages: FIRST_PAGE });
  const pages = trail.key === askedKey ? trail.pages : FIRST_PAGE;
  const here = pages[pages.length - 1] ?? { offset: 0 };
  const query = useQuery({
    ...approvalQueueQuery({ ...asked, cursor: here.cursor }),
    // The page shown stays while the next one loads (no flash of a loading state between pages).
    placeholderData: keepPreviousData,
  });
  const answer = query.data;
  const current = query.isPlaceholderData ? undefined : answer;
  const pageKey = `${askedKey}|${here.cursor ?? ""}`;
  const firstUnnarrowed = pages.length === 1 && askedKey === JSON.stringify({ sort: "deadline" });
  // The deadline alerts watch the queue's soonest page (its first, unnarrowed), which another page or order may not
  // be: the same query as that page, so it is read once for both when the person goes back to it.
  const soonestQuery = useQuery({ ...approvalQueueQuery(), enabled: !firstUnnarrowed });
  const soonestPage = firstUnnarrowed ? current : soonestQuery.data;

  useEffect(() => {
    if (!current) return;
    const found = queueCurrencies(current.data);
    setSeenCurrencies((known) =>
      found.every((code) => known.includes(code)) ? known : [...new Set([...known, ...found])].sort(),
    );
  }, [current]);

  const top = useRef<HTMLDivElement>(null);
  // On a phone the queue's tools (deadline alerts, search, currency, order) fold behind one button, so the first
  // payment is on the first screen; from Tailwind's `md` they are always drawn.
  const [toolsOpen, setToolsOpen] = useState(false);
  const toolsId = useId();
  const folded = toolsOpen ? undefined : "hidden md:flex";
  const goTo = useCallback(
    (direction: "next" | "previous") => {
      if (direction === "previous") {
        if (pages.length > 1) setTrail({ key: askedKey, pages: pages.slice(0, -1) });
        return;
      }
      if (!current?.nextCursor) return;
      setTrail({
        key: askedKey,
        pages: [...pages, { cursor: current.nextCursor, offset: here.offset + current.data.length }],
      });
    },
    [askedKey, current, here.offset, pages],
  );

  // Every payment of a later page was decided meanwhile: back to the page before it.
  useEffect(() => {
    if (current && current.data.length === 0 && pages.length > 1) {
      setTrail({ key: askedKey, pages: pages.slice(0, -1) });
    }
  }, [current, pages, askedKey]);

  // While the server's answer to new filters or another order comes, the page shown is narrowed and ordered as
  // asked at once, so the cards settle as the person types and the answer moves none of them (issue 27, bug 9).
  const placeholder = query.isPlaceholderData;
  const items = useMemo(() => {
    const data = answer?.data ?? [];
    if (!placeholder) return data;
    return sortQueue(filterQueue(data, { text: asked.q ?? null, currency: asked.currency ?? null }), sort);
  }, [answer, placeholder, asked.q, asked.currency, sort]);
  const queueNotices = useQueueNotices(current?.data, pageKey);
  const { recordOwnDecision } = queueNotices;
  // Named in one request for the page (GET /api/names, as the lists do): each card's customer and the account the
  // money goes into. Asked here, above the cards, since the keys and "Select all" need to know a deleted customer.
  const parties = useMemo(() => queueParties(items), [items]);
  const names = useNamesFor(parties);
  const triage = useTriage(items, names.names, {
    pageKey,
    offset: here.offset,
    total: answer?.totalCount ?? null,
    hasNext: Boolean(current?.nextCursor),
    hasPrevious: pages.length > 1,
    goTo,
  });
  const alerted = useMemo(() => alertWatchList(items, soonestPage?.data ?? []), [soonestPage, items]);
  // Deadline alerts are for those who can act on them: a viewer is told of no window they could not decide in.
  const decide = usePermission("approvals.decide");
  const card = (approval: PendingApproval) => {
    const id = approval.transaction.id;
    return (
      <ApprovalCard
        key={id}
        approval={approval}
        onDialogChange={triage.openDialog}
        focused={triage.focusedId === id}
        onFocusWithin={triage.setFocusedId}
        selected={triage.selected.has(id)}
        onSelectedChange={triage.toggle}
        cardRef={triage.registerCard}
      />
    );
  };
  const narrowed = filters.activeCount > 0;

  return (
    // The column's live regions (the notices, the deadline alerts) stay in the page while empty, so a screen reader
    // hears what is added; meanwhile each takes back its gap of this column (gap-4), leaving no hole.
    <div ref={top} className="flex flex-col gap-4">
      <QueueNotices {...queueNotices} className="empty:-mb-4" />
      <QueryState
        query={query}
        keepDataOnError
        loading={<LoadingState label="Loading pending payments" rows={3} columns={3} />}
        error={{ title: "The approval queue could not be loaded" }}
        isEmpty={(data) => data.data.length === 0 && data.waiting === 0}
        empty={
          <EmptyState
            icon={CircleCheck}
            title="No payments are waiting for a decision"
            description="New incoming payments that need approval appear here as soon as they arrive."
          />
        }
      >
        {(page) => (
          <>
            {query.isError ? (
              // The cards last loaded stay (an officer mid-decision keeps the card and its dialog); the API still
              // decides, so a payment decided elsewhere meanwhile is refused with its reason.
              <StaleDataNotice retrying={query.isFetching} onRetry={() => void query.refetch()}>
                The queue could not be refreshed: {errorDetails(query.error).message} These are the payments
                as last loaded; some may have been decided or timed out since.
              </StaleDataNotice>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              className="self-start md:hidden"
              aria-expanded={toolsOpen}
              aria-controls={`${toolsId}-tools ${toolsId}-order`}
              onClick={() => setToolsOpen((open) => !open)}
            >
              <ListFilter aria-hidden="true" />
              {decide.allowed ? "Filters, order and alerts" : "Filters and order"}
              {filters.activeCount > 0 ? (
                <span className="text-zinc-600 dark:text-zinc-400">
                  <span aria-hidden="true">· </span>
                  {filters.activeCount}
                  <span className="sr-only"> set</span>
                </span>
              ) : null}
            </Button>
            {/* On a laptop the filters and the deadline alerts' setting share a row; the alerts are drawn below it. */}
            <div
              id={`${toolsId}-tools`}
              className={cn("flex flex-wrap items-end justify-between gap-3", folded)}
            >
              <DataTableToolbar filters={filterDefs} state={filters} label="Filter the approval queue" />
              {decide.allowed ? <DeadlineAlertSettings /> : null}
            </div>
            {decide.allowed ? (
              <DeadlineAlertList
                waiting={alerted}
                soonestPage={soonestPage}
                onReview={triage.review}
                className="empty:-mt-4"
              />
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {waitingSummary(page.totalCount, page.waiting, narrowed)}
              </p>
              {/* On a phone the order is the last of the unfolded tools, drawn as they are (a small label over a
                  compact select) on a line of its own above the count; from md it sits right of the count. */}
              <div
                id={`${toolsId}-order`}
                className={cn(
                  "max-md:order-first max-md:basis-full max-md:flex-col max-md:items-start max-md:gap-1.5 md:ml-auto md:items-center md:gap-2",
                  folded ?? "flex",
                )}
              >
                <Label
                  htmlFor="approval-queue-sort"
                  className="text-sm font-normal max-md:text-xs max-md:text-zinc-600 max-md:dark:text-zinc-400"
                >
                  Order
                </Label>
                <NativeSelect
                  id="approval-queue-sort"
                  value={sort}
                  onChange={(event) => void setSort(event.target.value as QueueSort)}
                  containerClassName="w-64"
                  className="max-md:h-8"
                >
                  {QUEUE_SORTS.map((option) => (
                    <option key={option} value={option}>
                      {QUEUE_SORT_LABELS[option]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-keyshortcuts="Shift+?"
                onClick={() => triage.setHelpOpen(true)}
              >
                <Keyboard aria-hidden="true" />
                Keyboard shortcuts
              </Button>
            </div>
            <p aria-live="polite" className="sr-only">
              {triage.position}
            </p>
            {decide.allowed ? (
              <BulkApproveBar
                selected={triage.selectedItems}
                departures={queueNotices.departures}
                onClear={triage.clearSelection}
                shownCount={items.length}
                approvableCount={triage.approvableCount}
                morePages={pages.length > 1 || Boolean(page.nextCursor)}
                allShownSelected={triage.allApprovableSelected}
                onSelectAllShown={triage.selectAllShown}
                onApproved={queueNotices.recordBulkApproval}
                onFinished={(summary, outcomes) => {
                  triage.clearSelection();
                  queueNotices.showResult(
                    summary,
                    outcomes.every((outcome) => outcome.approved),
                  );
                }}
              />
            ) : null}
            {items.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title="No waiting payment matches these filters"
                description={`${count(page.waiting)} other${page.waiting === 1 ? " is" : "s are"} still waiting.`}
                action={
                  <Button variant="outline" onClick={filters.clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <>
                <ProvidedNames value={names}>
                  <QueueCards sort={sort} items={items} card={card} />
                </ProvidedNames>
                <QueuePager
                  offset={here.offset}
                  shown={items.length}
                  total={page.totalCount}
                  loading={query.isPlaceholderData}
                  hasPrevious={pages.length > 1}
                  hasNext={Boolean(page.nextCursor) && !query.isPlaceholderData}
                  onPage={(direction) => {
                    goTo(direction);
                    // The next page is read from its top, as a new page is.
                    top.current?.scrollIntoView({ block: "start" });
                  }}
                />
              </>
            )}
          </>
        )}
      </QueryState>
      <QueueDecisionDialogs
        waiting={answer?.data}
        departures={queueNotices.departures}
        open={triage.dialog}
        onOpenChange={triage.setDialog}
        onDecided={recordOwnDecision}
        returnFocusTo={triage.returnFocus}
      />
      <TriageKeysDialog open={triage.helpOpen} onOpenChange={triage.setHelpOpen} />
    </div>
  );
}

/** Who the page's cards name: each payment's customer, and the account it is paid into. */
function queueParties(items: readonly PendingApproval[]): Party[] {
  const parties: Party[] = [];
  for (const { transaction } of items) {
    parties.push(transactionCustomer(transaction));
    if (transaction.destination.accountId)
      parties.push({ kind: "ref", id: transaction.destination.accountId });
  }
  return parties;
}

/** A count as people read it ("5,000"), or "Many" when the payment API does not count that far. */
function count(value: number | null): string {
  return value === null ? "Many" : formatCount(value);
}

/** The page's cards in order; sorted by sender, under a heading per sender (counting its payments on the page). */
function QueueCards({
  sort,
  items,
  card,
}: {
  sort: QueueSort;
  items: readonly PendingApproval[];
  card: (approval: PendingApproval) => React.ReactNode;
}) {
  if (sort !== "sender") return <>{items.map(card)}</>;
  return (
    <>
      {groupBySender(items).map((group) => (
        <div key={group.sender} className="flex flex-col gap-4">
          <h2 className="mt-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
            {group.sender}{" "}
            <span className="font-normal text-zinc-500 dark:text-zinc-400">
              · {group.items.length} payment{group.items.length === 1 ? "" : "s"}
            </span>
          </h2>
          {group.items.map(card)}
        </div>
      ))}
    </>
  );
}

/**
 * Below the cards: which of the queue's payments the page shows, and the pages before and after it. J past the
 * page's last card and K before its first turn the page too.
 */
function QueuePager({
  offset,
  shown,
  total,
  loading,
  hasPrevious,
  hasNext,
  onPage,
}: {
  offset: number;
  shown: number;
  total: number | null;
  loading: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onPage: (direction: "next" | "previous") => void;
}) {
  if (!hasPrevious && !hasNext && !loading) return null;
  return (
    <nav
      aria-label="Pages of the approval queue"
      className="flex flex-wrap items-center justify-center gap-3 py-2"
    >
      <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={() => onPage("previous")}>
        <ChevronLeft aria-hidden="true" />
        Previous page
      </Button>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {loading
          ? "Loading…"
          : `Payments ${count(offset + 1)}–${count(offset + shown)} of ${count(total).toLowerCase()}`}
      </p>
      <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage("next")}>
        Next page
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

function waitingSummary(matching: number | null, waiting: number | null, filtered: boolean): string {
  const payments = (value: number | null) => `${count(value)} payment${value === 1 ? "" : "s"}`;
  return filtered
    ? `${count(matching)} of ${payments(waiting).replace(/^Many/, "many")} waiting match.`
    : `${payments(waiting)} waiting.`;
}

/**
 * Keyboard triage (J/K move, A approve, R reject, O open, X select, ? keys) and the selection for approving several
 * at once. The focused card is held by id, so a live update does not move it; when it leaves the queue (decided),
 * the card that took its place is focused, so an officer can go on deciding without the mouse. J on a page's last
 * card opens the next page at its first, K on its first the previous page at its last. The selection is the page's:
 * another page starts with none.
 */
function useTriage(
  shown: readonly PendingApproval[],
  names: Readonly<Record<string, NamedRecord>>,
  page: {
    pageKey: string;
    offset: number;
    total: number | null;
    hasNext: boolean;
    hasPrevious: boolean;
    goTo: (direction: "next" | "previous") => void;
  },
) {
  const router = useRouter();
  const decide = usePermission("approvals.decide");
  const approveFor = useApproveDecisions(names);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDecision | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const cards = useRef(new Map<string, HTMLElement>());
  // A card asked for (the address's #approval-… anchor) before it was drawn: shown on mount.
  const wanted = useRef<{ id: string; focus: boolean } | null>(null);
  // J or K turned the page: the first or last card of the page that arrives is focused.
  const turning = useRef<{ from: string; focus: "first" | "last" } | null>(null);
  const lastIndex = useRef(-1);
  const ids = useMemo(() => shown.map((item) => item.transaction.id), [shown]);
  // Why the focused payment cannot be approved, when A or X was pressed on it: read out (the card says it too).
  const [refusal, setRefusal] = useState<{ id: string; reason: string } | null>(null);
  // What this viewer may approve (not one they gave the first approval, or whose match they dismissed): only these
  // are selected, by their box, X or "Select all", and only these open the approve dialog on A.
  const refusals = useMemo(() => {
    const reasons = new Map<string, string>();
    for (const item of shown) {
      const decision = approveFor(item);
      if (!decision.allowed)
        reasons.set(item.transaction.id, decision.reason ?? "You cannot approve this payment.");
    }
    return reasons;
  }, [shown, approveFor]);
  const approvableIds = useMemo(() => ids.filter((id) => !refusals.has(id)), [ids, refusals]);
  const focusedIndex = focusedId ? ids.indexOf(focusedId) : -1;
  if (focusedIndex >= 0) lastIndex.current = focusedIndex;
  // Where focus was when a decision dialog opened: the card (A or R) or the card's button (a click). The dialogs
  // have no Radix trigger to give focus back to, so without this it fell to the page's body when one closed, and
  // a keyboard user was thrown back to the top of the page.
  const opener = useRef<HTMLElement | null>(null);

  const bringIntoView = useCallback((id: string, focus: boolean) => {
    const card = cards.current.get(id);
    if (!card) {
      wanted.current = { id, focus };
      return;
    }
    if (focus) card.focus({ preventScroll: true });
    card.scrollIntoView({ block: focus ? "nearest" : "start" });
  }, []);

  const focusCard = useCallback(
    (id: string) => {
      setFocusedId(id);
      bringIntoView(id, true);
    },
    [bringIntoView],
  );

  const registerCard = useCallback((id: string, element: HTMLElement | null) => {
    if (!element) {
      cards.current.delete(id);
      return;
    }
    cards.current.set(id, element);
    const want = wanted.current;
    if (want?.id !== id) return;
    wanted.current = null;
    if (want.focus) element.focus({ preventScroll: true });
    element.scrollIntoView({ block: want.focus ? "nearest" : "start" });
  }, []);

  // Opened at a payment's anchor (links to a card, approvalCardHref, narrow the queue to it too): its card is shown.
  useEffect(() => {
    const anchor = window.location.hash.slice(1);
    if (!anchor.startsWith("approval-")) return;
    const id = ids.find((candidate) => approvalCardAnchor(candidate) === anchor);
    if (id) bringIntoView(id, false);
  }, [ids, bringIntoView]);

  // Another page starts with no selection.
  const { pageKey } = page;
  const shownPage = useRef(pageKey);
  useEffect(() => {
    if (shownPage.current === pageKey) return;
    shownPage.current = pageKey;
    setSelected(new Set());
  }, [pageKey]);

  useEffect(() => {
    const turn = turning.current;
    if (turn) {
      // J/K turned the page: once it arrives, its first or last card is focused.
      if (turn.from === pageKey || ids.length === 0) return;
      turning.current = null;
      const id = turn.focus === "first" ? ids[0] : ids[ids.length - 1];
      if (id) focusCard(id);
      return;
    }
    // The focused card was decided (or filtered out): focus the one now in its place, unless the person is elsewhere.
    if (!focusedId || ids.includes(focusedId)) return;
    const active = document.activeElement;
    const idle = !active || active === document.body;
    const next = ids[Math.min(lastIndex.current, ids.length - 1)];
    if (next && idle) focusCard(next);
    else setFocusedId(null);
  }, [ids, focusedId, focusCard, pageKey]);

  // Selected payments that are no longer waiting, or that this viewer can no longer approve (a match found on its
  // sender meanwhile), leave the selection.
  useEffect(() => {
    const still = new Set(approvableIds);
    setSelected((current) => {
      const kept = [...current].filter((id) => still.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [approvableIds]);

  /** Opens or closes a decision dialog; opening notes where focus was, so that closing gives it back there. */
  const changeDialog = useCallback((next: OpenDecision | null) => {
    if (next) {
      const active = document.activeElement;
      opener.current =
        active instanceof HTMLElement && active !== document.body
          ? active
          : (cards.current.get(next.id) ?? null);
    }
    setDialog(next);
  }, []);

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const { hasNext, hasPrevious, goTo } = page;
  const act = useCallback(
    (action: TriageAction) => {
      if (action === "help") return setHelpOpen(true);
      if (action === "next" || action === "previous") {
        const step = action === "next" ? 1 : -1;
        const atEnd = action === "next" ? focusedIndex === ids.length - 1 : focusedIndex === 0;
        if (focusedIndex >= 0 && atEnd && (action === "next" ? hasNext : hasPrevious)) {
          turning.current = { from: pageKey, focus: action === "next" ? "first" : "last" };
          goTo(action);
          return;
        }
        const id = ids[moveFocus(focusedIndex, step, ids.length)];
        if (id) focusCard(id);
        return;
      }
      if (!focusedId || focusedIndex < 0) return;
      if (action === "open") return router.push(transactionHref(focusedId));
      if (!decide.allowed) return;
      const refused = action === "reject" ? undefined : refusals.get(focusedId);
      if (refused) return setRefusal({ id: focusedId, reason: refused });
      if (action === "select") return toggle(focusedId, !selected.has(focusedId));
      changeDialog({ id: focusedId, kind: action });
    },
    [
      focusedId,
      focusedIndex,
      ids,
      focusCard,
      router,
      decide.allowed,
      refusals,
      toggle,
      selected,
      hasNext,
      hasPrevious,
      goTo,
      pageKey,
      changeDialog,
    ],
  );

  // When a character was last typed into a field: the keys right after it are the typing's, wherever focus went.
  const lastTyped = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const typing = isTypingTarget(event.target);
      const now = performance.now();
      const sinceTyping = now - lastTyped.current;
      if (typing && (isTypedCharacter(event.key) || event.key === "Backspace" || event.key === "Delete")) {
        lastTyped.current = now;
      }
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const action = triageAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing,
        dialogOpen: isDialogOpen(),
        sinceTyping,
      });
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [act]);

  const openDialog = useCallback(
    (id: string, kind: OpenDecision["kind"]) => changeDialog({ id, kind }),
    [changeDialog],
  );

  /** Focus's way back when a dialog closes: where it was, or, its card decided and gone, the card in its place. */
  const returnFocus = useCallback((): HTMLElement | null => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) return element;
    const next = ids[Math.min(lastIndex.current, ids.length - 1)];
    return next ? (cards.current.get(next) ?? null) : null;
  }, [ids]);

  return {
    focusedId,
    setFocusedId,
    dialog,
    setDialog: changeDialog,
    openDialog,
    returnFocus,
    helpOpen,
    setHelpOpen,
    selected,
    selectedItems: shown.filter((item) => selected.has(item.transaction.id)),
    toggle,
    clearSelection: () => setSelected(new Set()),
    /** How many of the page's payments this viewer may approve: "Select all" selects these. */
    approvableCount: approvableIds.length,
    allApprovableSelected: approvableIds.every((id) => selected.has(id)),
    selectAllShown: () => setSelected((current) => new Set([...current, ...approvableIds])),
    position:
      focusedIndex >= 0
        ? `Payment ${count(page.offset + focusedIndex + 1)} of ${count(page.total).toLowerCase()}${
            refusal && refusal.id === focusedId ? `. ${refusal.reason}` : ""
          }`
        : "",
    /** Brings a payment's card into view and focus; its own page when it is not on the page shown. */
    review: (id: string) => (ids.includes(id) ? focusCard(id) : router.push(transactionHref(id))),
    registerCard,
  };
}
