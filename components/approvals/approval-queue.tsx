"use client";

import { useQuery } from "@tanstack/react-query";
import { CircleCheck, Keyboard, SearchX } from "lucide-react";
import { useRouter } from "next/navigation";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { usePermission } from "@/components/auth/permissions-context";
import { DataTableToolbar } from "@/components/data-table/data-table-toolbar";
import { defineFilters } from "@/components/data-table/filters";
import { useDataTableFilters } from "@/components/data-table/use-data-table-filters";
import { NamesProvider } from "@/components/names/names-context";
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
import { approvalQueueQuery, type PendingApproval } from "@/lib/client/api/approvals";
import { approvalCardAnchor } from "@/lib/universal/approvals/card-anchor";
import { batchesFor, QUEUE_BATCH } from "@/lib/universal/approvals/queue-batch";
import { filterQueue, queueCurrencies } from "@/lib/universal/approvals/queue-filter";
import {
  groupBySender,
  QUEUE_SORT_LABELS,
  QUEUE_SORTS,
  type QueueSort,
  sortQueue,
} from "@/lib/universal/approvals/queue-sort";
import { moveFocus, type TriageAction, triageAction } from "@/lib/universal/approvals/triage-keys";
import { transactionCustomer } from "@/lib/universal/names/counterparty";
import { isIsoCurrencyCode } from "@/shared/contract/iso-4217";
import { ApprovalCard } from "./approval-card";
import { BulkApproveBar } from "./bulk-approve-bar";
import { DeadlineAlerts } from "./deadline-alerts";
import { type OpenDecision, QueueDecisionDialogs } from "./queue-decision-dialogs";
import { QueueNotices, useQueueNotices } from "./queue-notices";

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
      placeholder: "Sender, recipient, memo or id",
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

/**
 * The queue of pending incoming payments. It follows the console's live events, so a payment decided by another
 * officer or timed out leaves every open queue with a notice saying who decided it or that it timed out.
 */
export function ApprovalQueue() {
  const query = useQuery(approvalQueueQuery());
  // Joined, so the definitions (and the URL state built from them) change only when the currencies do.
  const currencies = queueCurrencies(query.data?.data ?? []).join(",");
  const filterDefs = useMemo(() => queueFilters(currencies ? currencies.split(",") : []), [currencies]);
  const filters = useDataTableFilters(filterDefs);
  const { values } = filters;
  const [sort, setSort] = useQueryState(
    "sort",
    parseAsStringLiteral(QUEUE_SORTS).withDefault("deadline").withOptions({ history: "replace" }),
  );
  const shownItems = useMemo(
    () =>
      sortQueue(
        filterQueue(query.data?.data ?? [], {
          text: values.q,
          currency: values.currency,
        }),
        sort,
      ),
    [query.data, values.q, values.currency, sort],
  );
  const queueNotices = useQueueNotices(query.data?.data);
  const { recordOwnDecision } = queueNotices;
  const triage = useTriage(shownItems, query.data?.data ?? []);
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

  return (
    <div className="flex flex-col gap-4">
      <QueueNotices {...queueNotices} />
      <QueryState
        query={query}
        keepDataOnError
        loading={<LoadingState label="Loading pending payments" rows={3} columns={3} />}
        error={{ title: "The approval queue could not be loaded" }}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState
            icon={CircleCheck}
            title="No payments are waiting for a decision"
            description="New incoming payments that need approval appear here as soon as they arrive."
          />
        }
      >
        {({ data: waiting }) => (
          <>
            {query.isError ? (
              // The cards last loaded stay (an officer mid-decision keeps the card and its dialog); the API still
              // decides, so a payment decided elsewhere meanwhile is refused with its reason.
              <StaleDataNotice retrying={query.isFetching} onRetry={() => void query.refetch()}>
                The queue could not be refreshed: {errorDetails(query.error).message} These are the payments
                as last loaded; some may have been decided or timed out since.
              </StaleDataNotice>
            ) : null}
            <DeadlineAlerts waiting={waiting} onReview={triage.review} />
            <DataTableToolbar filters={filterDefs} state={filters} label="Filter the approval queue" />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {waitingSummary(shownItems.length, waiting.length, filters.activeCount > 0)}
              </p>
              <div className="ml-auto flex items-center gap-2">
                <Label htmlFor="approval-queue-sort" className="text-sm font-normal">
                  Order
                </Label>
                <NativeSelect
                  id="approval-queue-sort"
                  value={sort}
                  onChange={(event) => void setSort(event.target.value as QueueSort)}
                  containerClassName="w-64"
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
            {triage.selectedItems.length > 0 ? (
              <BulkApproveBar
                selected={triage.selectedItems}
                onClear={triage.clearSelection}
                allShownSelected={shownItems.every((item) => triage.selected.has(item.transaction.id))}
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
            {shownItems.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title="No waiting payment matches these filters"
                description={`${waiting.length} other${waiting.length === 1 ? " is" : "s are"} still waiting.`}
                action={
                  <Button variant="outline" onClick={filters.clearFilters}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <>
                <NamesProvider
                  parties={shownItems
                    .slice(0, triage.rendered)
                    .map((item) => transactionCustomer(item.transaction))}
                >
                  <QueueCards sort={sort} items={shownItems} limit={triage.rendered} card={card} />
                </NamesProvider>
                {triage.rendered < shownItems.length ? (
                  <MoreCards
                    rendered={triage.rendered}
                    total={shownItems.length}
                    onMore={triage.renderMore}
                  />
                ) : null}
              </>
            )}
          </>
        )}
      </QueryState>
      <QueueDecisionDialogs
        waiting={query.data?.data}
        open={triage.dialog}
        onOpenChange={triage.setDialog}
        onDecided={recordOwnDecision}
      />
      <TriageKeysDialog open={triage.helpOpen} onOpenChange={triage.setHelpOpen} />
    </div>
  );
}

/** The first `limit` cards in order; sorted by sender, under a heading per sender (counting all its payments). */
function QueueCards({
  sort,
  items,
  limit,
  card,
}: {
  sort: QueueSort;
  items: readonly PendingApproval[];
  limit: number;
  card: (approval: PendingApproval) => React.ReactNode;
}) {
  if (sort !== "sender") return <>{items.slice(0, limit).map(card)}</>;
  let left = limit;
  const groups = [];
  for (const group of groupBySender(items)) {
    if (left <= 0) break;
    const cards = group.items.slice(0, left);
    left -= cards.length;
    groups.push(
      <div key={group.sender} className="flex flex-col gap-4">
        <h2 className="mt-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
          {group.sender}{" "}
          <span className="font-normal text-zinc-500 dark:text-zinc-400">
            · {group.items.length} payment{group.items.length === 1 ? "" : "s"}
          </span>
        </h2>
        {cards.map(card)}
      </div>,
    );
  }
  return <>{groups}</>;
}

/**
 * Below the cards drawn so far: how many more wait, and a button drawing the next ones. Scrolling near it draws them
 * too, so a person reading down the queue never meets the end of what is drawn.
 */
function MoreCards({ rendered, total, onMore }: { rendered: number; total: number; onMore: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMore();
      },
      { rootMargin: "0px 0px 1200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onMore]);
  const next = Math.min(QUEUE_BATCH, total - rendered);
  return (
    <div ref={sentinel} className="flex flex-wrap items-center justify-center gap-3 py-2">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Showing {rendered} of {total}.
      </p>
      <Button variant="outline" size="sm" onClick={onMore}>
        Show {next} more
      </Button>
    </div>
  );
}

function waitingSummary(shown: number, waiting: number, filtered: boolean): string {
  const payments = (count: number) => `${count} payment${count === 1 ? "" : "s"}`;
  return filtered ? `${shown} of ${payments(waiting)} waiting match.` : `${payments(waiting)} waiting.`;
}

/**
 * Keyboard triage (J/K move, A approve, R reject, O open, X select, ? keys) and the selection for approving several
 * at once. The focused card is held by id, so filtering or a live update does not move it; when it leaves the queue
 * (decided), the card that took its place is focused, so an officer can go on deciding without the mouse.
 */
function useTriage(shown: readonly PendingApproval[], waiting: readonly PendingApproval[]) {
  const router = useRouter();
  const decide = usePermission("approvals.decide");
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDecision | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // How many cards are drawn (lib/universal/approvals/queue-batch.ts): a batch at first, more as the person scrolls, presses
  // J past the last drawn or is sent to one further down.
  const [rendered, setRendered] = useState(QUEUE_BATCH);
  const cards = useRef(new Map<string, HTMLElement>());
  // A card asked for (J, a deadline alert, the address's #approval-… anchor) before it was drawn: focused on mount.
  const wanted = useRef<{ id: string; focus: boolean } | null>(null);
  const lastIndex = useRef(-1);
  const ids = useMemo(() => shown.map((item) => item.transaction.id), [shown]);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const focusedIndex = focusedId ? ids.indexOf(focusedId) : -1;
  if (focusedIndex >= 0) lastIndex.current = focusedIndex;

  const bringIntoView = useCallback((id: string, focus: boolean) => {
    const card = cards.current.get(id);
    if (!card) {
      wanted.current = { id, focus };
      const index = idsRef.current.indexOf(id);
      if (index >= 0) setRendered((count) => Math.max(count, batchesFor(index + 1)));
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

  const renderMore = useCallback(() => setRendered((count) => count + QUEUE_BATCH), []);

  // Opened at a payment's anchor (the sandbox links to /approvals#approval-…): its card is drawn and shown.
  useEffect(() => {
    const anchor = window.location.hash.slice(1);
    if (!anchor.startsWith("approval-")) return;
    const id = ids.find((candidate) => approvalCardAnchor(candidate) === anchor);
    if (id && !cards.current.has(id)) bringIntoView(id, false);
  }, [ids, bringIntoView]);

  // The focused card was decided (or filtered out): focus the one now in its place, unless the person is elsewhere.
  useEffect(() => {
    if (!focusedId || ids.includes(focusedId)) return;
    const active = document.activeElement;
    const idle = !active || active === document.body;
    const next = ids[Math.min(lastIndex.current, ids.length - 1)];
    if (next && idle) focusCard(next);
    else setFocusedId(null);
  }, [ids, focusedId, focusCard]);

  // Selected payments that are no longer waiting leave the selection.
  useEffect(() => {
    const still = new Set(waiting.map((item) => item.transaction.id));
    setSelected((current) => {
      const kept = [...current].filter((id) => still.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [waiting]);

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const act = useCallback(
    (action: TriageAction) => {
      if (action === "help") return setHelpOpen(true);
      if (action === "next" || action === "previous") {
        const index = moveFocus(focusedIndex, action === "next" ? 1 : -1, ids.length);
        const id = ids[index];
        if (id) focusCard(id);
        return;
      }
      if (!focusedId || focusedIndex < 0) return;
      if (action === "open") return router.push(transactionHref(focusedId));
      if (!decide.allowed) return;
      if (action === "select") return toggle(focusedId, !selected.has(focusedId));
      setDialog({ id: focusedId, kind: action });
    },
    [focusedId, focusedIndex, ids, focusCard, router, decide.allowed, toggle, selected],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const action = triageAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        typing: isTypingTarget(event.target),
        dialogOpen: isDialogOpen(),
      });
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [act]);

  const openDialog = useCallback((id: string, kind: OpenDecision["kind"]) => setDialog({ id, kind }), []);

  return {
    focusedId,
    setFocusedId,
    dialog,
    setDialog,
    openDialog,
    helpOpen,
    setHelpOpen,
    selected,
    selectedItems: waiting.filter((item) => selected.has(item.transaction.id)),
    toggle,
    clearSelection: () => setSelected(new Set()),
    selectAllShown: () => setSelected((current) => new Set([...current, ...ids])),
    position: focusedIndex >= 0 ? `Payment ${focusedIndex + 1} of ${ids.length}` : "",
    /** Brings a payment's card into view and focus; its own page when a filter hides it. */
    review: (id: string) => (ids.includes(id) ? focusCard(id) : router.push(transactionHref(id))),
    registerCard,
    rendered,
    renderMore,
  };
}
