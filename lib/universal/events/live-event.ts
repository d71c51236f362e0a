import { webhookTypes } from "@/shared/contract/limits";
import { keysForEvent } from "./event-keys";

/**
 * The name of the server-sent event that says the console now hears every change for this stream: sent when the
 * stream opens and the console's LISTEN connection is up, and again whenever that connection comes back after
 * going away. Whatever changed before it (between a page's fetch and its stream opening, while the browser was
 * reconnecting, or while the console's connection was down) was not announced to this browser.
 */
export const LIVE_EVENT = "live";

/** Every query some console event can make stale: what a browser refreshes when its stream (re)becomes live. */
export function keysAnyEventChanges(): (readonly string[])[] {
  const keys = [
    ...webhookTypes.flatMap((type) => keysForEvent({ kind: "webhook", type, webhookId: "" })),
    ...keysForEvent({
      kind: "approval-decided",
      environment: "sandbox",
      transactionId: "",
      decision: "approved",
      decidedBy: "",
    }),
    ...keysForEvent({ kind: "approval-first", environment: "sandbox", transactionId: "", approvedBy: "" }),
    ...keysForEvent({ kind: "proposals" }),
    ...keysForEvent({ kind: "screening-sources" }),
    ...keysForEvent({ kind: "screening-rescreened" }),
    ...keysForEvent({ kind: "screening-swept", environment: "sandbox" }),
    ...keysForEvent({ kind: "screening-decided", environment: "sandbox" }),
  ];
  return [...new Map(keys.map((key) => [key.join("\u0000"), key])).values()];
}
