import "server-only";
import type { ServerResponse } from "node:http";
import { ApiError, errorBody } from "../../../../shared/api-error";
import { PLATFORM_DATE_HEADER } from "../../../universal/api/platform-clock";
import { COUNTERPARTY_KEY } from "../../../universal/privacy/fields";
import { checkHref } from "../../../universal/relay/check-href";
import { env } from "../../env";
import { mergeHeaders } from "../../http/merge-headers";
import {
  exchange,
  type RelayRequest,
  readAnswerText,
  relayToPaymentApi,
  type UpstreamAnswer,
  UpstreamFailure,
} from "../../payment-api/transport";
import { BASE_HEADERS, JSON_CONTENT, send, sendError } from "../answer";
import type { HeldAnswer, RelayContext, RelayStep } from "./step";

const STREAM_TIMEOUT_MS = 15 * 60_000;
const MAX_BUFFERED_ANSWER_BYTES = 256 * 1024;
const PASSED_RESPONSE_HEADERS = ["content-type", "content-disposition", "retry-after", "x-request-id"];

/**
 * The last step: forwards with the platform's credential (lib/server/payment-api/transport.ts). A read nobody audits
 * streams back as it comes; an audited call is read whole and left in the context for the audit step.
 */
export const relayStep: RelayStep = (context) => {
  const options = relayOptions(context);
  if (!context.audited) {
    return relayRead(options, context.outgoing, context.requestId, context.transformAnswer);
  }
  return relayAudited(options, context.requestId, checkHref(context.action, context.targetId)).then(
    (answer) => {
      context.answer = answer;
    },
  );
};

function relayOptions(context: RelayContext): RelayRequest {
  const { route, segments, url } = context;
  return {
    method: route.method,
    path: `/${segments.map(encodeURIComponent).join("/")}${url.search}`,
    headers: context.upstreamHeaders,
    body: context.audited ? context.body : undefined,
    local: route.local === true,
    timeoutMs: route.streamBody ? STREAM_TIMEOUT_MS : env().PAYMENT_API_TIMEOUT_MS,
  };
}

/** Headers of the API's answer the browser gets, with the console's request id and the platform's clock. */
function answerHeadersOf(upstream: UpstreamAnswer, requestId: string): Record<string, string> {
  const answerHeaders: Record<string, string> = {};
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream.header(name);
    if (value) answerHeaders[name] = value;
  }
  answerHeaders["x-request-id"] = requestId;
  // The API's own Date, under a name of its own: the browser reads the platform's clock from it
  // (lib/universal/api/platform-clock.ts), while the console's answers keep the console's Date.
  const platformDate = upstream.header("date");
  if (platformDate) answerHeaders[PLATFORM_DATE_HEADER] = platformDate;
  return answerHeaders;
}

/**
 * A read nobody audits: the API's answer streams through as it comes, unless it must be rewritten first
 * (`transform`), when a JSON answer is held whole. Waits on the exchange's callbacks (lib/server/payment-api/transport.ts),
 * not a promise per step; settles once the answer is sent or handed to the stream.
 */
function relayRead(
  options: RelayRequest,
  outgoing: ServerResponse,
  requestId: string,
  transform?: (body: Buffer) => Buffer,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (work: () => void) => {
      try {
        work();
        resolve();
      } catch (error) {
        reject(error);
      }
    };
    const onAnswer = (upstream: UpstreamAnswer) => {
      try {
        passAnswer(upstream, outgoing, requestId, transform, finish, reject);
      } catch (error) {
        reject(error);
      }
    };
    exchange(options, onAnswer, reject);
  });
}

/**
 * The API's answer to a read, to the browser: whole (and rewritten when it must be) when small, else streamed.
 * `finish` sends (and settles the read), now or once the whole body is in; `fail` when the body broke off.
 */
function passAnswer(
  upstream: UpstreamAnswer,
  outgoing: ServerResponse,
  requestId: string,
  transform: ((body: Buffer) => Buffer) | undefined,
  finish: (work: () => void) => void,
  fail: (failure: UpstreamFailure) => void,
): void {
  const { status } = upstream;
  const answerHeaders = answerHeadersOf(upstream, requestId);
  const contentType = upstream.header("content-type");
  const encoded = Boolean(upstream.header("content-encoding"));
  if ((status < 200 || status >= 300) && !contentType?.includes("json")) {
    upstream.discard();
    finish(() => sendError(outgoing, upstreamError(status), answerHeaders));
    return;
  }
  if (transform && contentType?.includes("json") && !encoded) {
    const rewrite = (bytes: Buffer) => finish(() => send(outgoing, status, answerHeaders, transform(bytes)));
    upstream.read(rewrite, fail);
    return;
  }
  if (transform) {
    // For a reader who sees personal data masked, only what the masking can read passes: a compressed answer is
    // refused, and one that is not JSON passes only when it names no counterparty's information.
    if (encoded) {
      upstream.discard();
      finish(() => sendError(outgoing, UNCHECKED_ANSWER, answerHeaders));
      return;
    }
    const checked = (bytes: Buffer) =>
      finish(() =>
        bytes.includes(COUNTERPARTY_KEY)
          ? sendError(outgoing, UNCHECKED_ANSWER, answerHeaders)
          : send(outgoing, status, answerHeaders, bytes),
      );
    upstream.read(checked, fail);
    return;
  }
  const length = Number(upstream.header("content-length") ?? Number.NaN);
  if (length <= MAX_BUFFERED_ANSWER_BYTES && !encoded) {
    // A small answer of known length (every JSON answer) is read whole and sent with its head in one write:
    // a head and a body written apart cost the console a second system call per request.
    const whole = (bytes: Buffer) => finish(() => send(outgoing, status, answerHeaders, bytes));
    upstream.read(whole, fail);
    return;
  }
  finish(() => {
    outgoing.writeHead(status, mergeHeaders(BASE_HEADERS, answerHeaders));
    upstream.pipeTo(outgoing);
  });
}

/**
 * An audited call, read whole: its outcome is what the API answered (allowed, or failed with the API's code), or
 * unknown when no answer came after the request was sent. An unknown outcome is answered as "may have happened",
 * with where to check, never as a failure the person would retry blindly.
 */
async function relayAudited(options: RelayRequest, requestId: string, check: string): Promise<HeldAnswer> {
  let upstream: UpstreamAnswer;
  let text: string;
  try {
    upstream = await relayToPaymentApi(options);
    text = await readAnswerText(upstream);
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error;
    return failedAnswer(error, requestId, check);
  }
  return heldAnswer(upstream.status, answerHeadersOf(upstream, requestId), text);
}

/** No whole answer came: failed when the request never left, else unknown ("may have happened", with where to check). */
export function failedAnswer(error: UpstreamFailure, requestId: string, check: string): HeldAnswer {
  const outcome = error.mayHaveHappened ? "unknown" : "failed";
  const failure =
    outcome === "unknown"
      ? new ApiError(
          error.status,
          error.code,
          `${error.message} It may have happened: check before trying again.`,
          { outcome: "unknown", requestId, check },
        )
      : error;
  return {
    status: failure.status,
    headers: mergeHeaders(JSON_CONTENT, { "x-request-id": requestId }),
    text: JSON.stringify(failure.toBody()),
    json: null,
    outcome,
    upstreamStatus: null,
    failureCode: error.code,
  };
}

/** The API's whole answer: passed on as it came, except a failure without a JSON body, which gets the API's shape. */
export function heldAnswer(status: number, headers: Record<string, string>, text: string): HeldAnswer {
  const ok = status >= 200 && status < 300;
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const outcome = ok ? "allowed" : "failed";
  if (!ok && (json === null || typeof json !== "object")) {
    const error = upstreamError(status);
    return {
      status,
      headers: mergeHeaders(headers, JSON_CONTENT),
      text: JSON.stringify(errorBody(error.status, error.code, error.message)),
      json: null,
      outcome,
      upstreamStatus: status,
    };
  }
  return { status, headers, text, json, outcome, upstreamStatus: status };
}

const UNCHECKED_ANSWER = new ApiError(
  502,
  "UPSTREAM_ANSWER_UNCHECKED",
  "The payment API's answer could not be checked for the personal data your role sees masked, so it is not shown.",
);

const upstreamError = (status: number) =>
  new ApiError(status, "UPSTREAM_ERROR", `The payment API answered ${status}.`);
