import type { Environment } from "../auth/permissions";

/**
 * What the console announces to every open browser, across every console instance; an event of one environment
 * reaches only the browsers acting on it (an unverified delivery has none, and reaches everyone).
 */
export type ConsoleEvent =
  | {
      kind: "webhook";
      environment?: Environment;
      webhookId: string;
      type: string;
      transactionId?: string;
      transactionStatus?: string;
      failureReason?: string;
    }
  | {
      kind: "approval-decided";
      environment: Environment;
      transactionId: string;
      decision: "approved" | "rejected";
      decidedBy: string;
    };

export const EVENTS_CHANNEL = "console_events";
