/** What the console announces to every open browser, across every console instance. */
export type ConsoleEvent =
  | {
      kind: "webhook";
      webhookId: string;
      type: string;
      transactionId?: string;
      transactionStatus?: string;
      failureReason?: string;
    }
  | { kind: "approval-decided"; transactionId: string; decision: "approved" | "rejected"; decidedBy: string };

export const EVENTS_CHANNEL = "console_events";
