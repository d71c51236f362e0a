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
      /**
       * Of an incoming payment's later event, whether it waited in the approval queue: "held" when the approval
       * policies held it for people, "never" when they approved or rejected it as it arrived; left out when this
       * console never evaluated it. A queue tells of a payment it did not show leaving only when it was held
       * (lib/universal/approvals/departure.ts, components/approvals/queue-notices.tsx).
       */
      queue?: "held" | "never";
    }
  | {
      kind: "approval-decided";
      environment: Environment;
      transactionId: string;
      decision: "approved" | "rejected";
      /** The person's email. */
      decidedBy: string;
      /** Their name, for the words a page says (a payment decided elsewhere, lib/universal/approvals/departure.ts). */
      decidedByName?: string | undefined;
      /** When the payment API took the decision (ISO). */
      decidedAt?: string | undefined;
    }
  | {
      /**
       * A payment that needs two approvers got its first (recorded by the console, not sent): open queues and
       * dialogs show who gave it, so the second approver knows their approval sends the money.
       */
      kind: "approval-first";
      environment: Environment;
      transactionId: string;
      approvedBy: string;
      approvedByName?: string | undefined;
    }
  | {
      /**
       * A change for a second person was proposed or decided (configuration, four-eyes setting, token, team…): the
       * proposer's page learns it was approved, declined or superseded, and the approver's that it was withdrawn.
       */
      kind: "proposals";
      environment?: undefined;
      /** An approval was tried: what it applies (the configuration, a token) may have changed as well. */
      approval?: boolean;
    }
  | {
      /** A list source changed, a change to one was proposed or decided, or a fetch of one finished (issue 48). */
      kind: "screening-sources";
      environment?: undefined;
    }
  | {
      /**
       * The stored senders and customers were screened again after a list change (lib/server/screening/rescreen.ts):
       * the potential matches it raised are open alerts now, in every environment.
       */
      kind: "screening-rescreened";
      environment?: undefined;
    }
  | {
      /**
       * A compliance officer dismissed, proposed confirming or confirmed a potential match: open pages show it, and a
       * decision dialog open on the same match says it was decided meanwhile.
       */
      kind: "screening-decided";
      environment: Environment;
    }
  | {
      /**
       * The console's sweep screened customers created or changed outside it (lib/server/screening/customer-sweep.ts):
       * their screenings are new, and a potential match among them is an open alert now.
       */
      kind: "screening-swept";
      environment: Environment;
    };

export const EVENTS_CHANNEL = "console_events";
