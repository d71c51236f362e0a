import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ConfigSettings } from "../../../universal/config/diff";
import type { ProxyRoute } from "../../../universal/relay/route-table";
import type { AuditOutcome } from "../../db/schema";
import type { Guarded } from "../../guard/route-guard";
import type { HeaderReader } from "../../http/header-reader";

/** An answer the relay holds whole before sending it (every audited call, and a repeat's kept answer). */
export interface HeldAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The answer's JSON when it had any, for the audit log. */
  json: unknown;
  outcome: AuditOutcome;
  upstreamStatus: number | null;
  failureCode?: string;
  /** A repeat answered with the first request's answer: not forwarded, not recorded, not announced. */
  replayed?: boolean;
  /** Added to the audit row's summary (e.g. which of two approvals this was). */
  auditSummary?: Record<string, unknown>;
  /** Accepted but not final (a first approval of two): recorded, not announced as a decision. */
  interim?: boolean;
}

/** One relayed request as the steps fill it in, in order. */
export interface RelayContext {
  readonly incoming: IncomingMessage;
  readonly outgoing: ServerResponse;
  /** The request's absolute URL as the console was reached. */
  readonly url: URL;
  readonly headers: HeaderReader;
  /** From match: the route, its decoded path segments and parameters, and what it implies. */
  readonly route: ProxyRoute;
  readonly segments: string[];
  readonly params: Record<string, string>;
  readonly mutation: boolean;
  readonly audited: boolean;
  readonly action: string;
  readonly targetId: string | undefined;
  /** From guard: who asks, and the console's id of the request ("" until then). */
  guarded?: Guarded;
  requestId: string;
  /** From contract: what goes upstream (the checked JSON text, or the upload's stream), and the parsed JSON. */
  body?: string | IncomingMessage;
  parsedBody?: unknown;
  upstreamHeaders: Record<string, string>;
  /** From audit: the attempt is in the audit log, so the request may be (or was) forwarded. */
  attemptRecorded: boolean;
  /** From audit, for a configuration change: the configuration just before it (null when it could not be read). */
  configBefore?: ConfigSettings | null;
  /** From relay (or a repeat's kept answer): what the browser gets, unless the relay streamed it already. */
  answer?: HeldAnswer;
  /**
   * From personal data: rewrites a JSON answer before the browser gets it (masking counterparty data the person may
   * not see). When set, a read is held whole instead of streamed.
   */
  transformAnswer?: (body: Buffer) => Buffer;
}

/**
 * One step of the relay: does its part, then hands on to the rest with `next` (or answers without calling it).
 * Steps after `next` resolves see the answer the later steps left in the context. A step with `when` is passed over
 * for requests it has nothing to do with, without running at all (no async call per request for steps a plain
 * read does not need: issue 25's CPU target for the proxy).
 */
export type RelayStep = ((context: RelayContext, next: () => Promise<void>) => Promise<void>) & {
  readonly when?: (context: RelayContext) => boolean;
};

/** A step that runs only for requests `when` accepts: the chain checks it, so the step does not check it again. */
export function stepWhen(
  when: (context: RelayContext) => boolean,
  run: (context: RelayContext, next: () => Promise<void>) => Promise<void>,
): RelayStep {
  return Object.assign(run, { when });
}

/** The steps as one: each runs around the ones after it; a step whose `when` refuses the request is passed over. */
export function chain(steps: readonly RelayStep[]): (context: RelayContext) => Promise<void> {
  return (context) => {
    const run = (index: number): Promise<void> => {
      let at = index;
      while (at < steps.length && steps[at]?.when?.(context) === false) at += 1;
      const step = steps[at];
      if (!step) return Promise.resolve();
      // A step that needs no wait of its own need not be an async function; what it throws is still a rejection.
      try {
        return step(context, () => run(at + 1));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return run(0);
  };
}

/** The guard's result, for steps after the guard. */
export function guardedOf(context: RelayContext): Guarded {
  if (!context.guarded) throw new Error("relay step ran before the guard");
  return context.guarded;
}
