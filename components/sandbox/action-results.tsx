"use client";

import dynamic from "next/dynamic";

// What a sandbox action shows once it ran: downloaded then, not with the page.

/** The request and answer of an action, with their JSON. */
export const ExchangeView = dynamic(() => import("./exchange-view").then((module) => module.ExchangeView));

/** The status of the transaction an action made. */
export const StatusBadge = dynamic(() =>
  import("@/components/ui/status-badge").then((module) => module.StatusBadge),
);
