import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { skewFromDateHeader } from "../../universal/api/platform-clock";
import { env } from "../env";
import { readAnswerText, relayToPaymentApi } from "./transport";

interface Answer {
  status: number;
  date: string | null;
  text: string;
}

/**
 * A GET of the payment API for the console's own pages and routes (the overview, transaction pages, the approval
 * queue, exports), through the same client as the proxy. Failures become the console's errors: 504 on time-out,
 * 502 when the API cannot be reached or its answer breaks off.
 */
async function getFromPaymentApi(path: string, timeoutMs = env().PAYMENT_API_TIMEOUT_MS): Promise<Answer> {
  const response = await relayToPaymentApi({
    method: "GET",
    path,
    headers: {},
    local: false,
    timeoutMs,
  });
  return {
    status: response.status,
    date: response.header("date") ?? null,
    text: await readAnswerText(response),
  };
}

/**
 * Reads one resource of the payment API for a console route, checked with the contract. An API error keeps its
 * status, code and message, so the browser shows what the API said.
 */
export async function readApi<T>(path: string, schema: z.ZodType<T>, timeoutMs?: number): Promise<T> {
  return parseAnswer(await getFromPaymentApi(path, timeoutMs), schema);
}

/**
 * readApi that also says what time it is on the platform, from the answer's `Date` header: the API dates its
 * records on its own clock, which need not be the console's (the sandbox clock moves; a server's clock drifts).
 * Without a usable header it is the console's now.
 */
export async function readApiWithPlatformNow<T>(
  path: string,
  schema: z.ZodType<T>,
): Promise<{ data: T; platformNow: Date }> {
  const response = await getFromPaymentApi(path);
  const receivedAt = Date.now();
  const skew = skewFromDateHeader(response.date, receivedAt) ?? 0;
  return { data: await parseAnswer(response, schema), platformNow: new Date(receivedAt + skew) };
}

async function parseAnswer<T>(response: Answer, schema: z.ZodType<T>): Promise<T> {
  let body: unknown = null;
  try {
    body = response.text ? JSON.parse(response.text) : null;
  } catch {
    body = null;
  }
  if (response.status < 200 || response.status >= 300) {
    const error = body as { code?: unknown; message?: unknown } | null;
    throw new ApiError(
      response.status,
      typeof error?.code === "string" ? error.code : "UPSTREAM_ERROR",
      typeof error?.message === "string" ? error.message : "The payment API refused the request.",
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(502, "UNEXPECTED_RESPONSE", "The payment API answered in an unexpected shape.");
  }
  return parsed.data;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string | undefined;
  totalCount?: number | undefined;
}

/**
 * Walks a paginated list page by page (100 at a time), yielding each page as it arrives, until the API says there
 * is no more or `maxItems` have been read. A cursor seen twice ends the walk rather than looping forever.
 */
export async function* walkPages<T>(
  path: string,
  filters: URLSearchParams,
  schema: z.ZodType<Page<T>>,
  { maxItems = Number.POSITIVE_INFINITY }: { maxItems?: number } = {},
): AsyncGenerator<Page<T>> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  let read = 0;
  do {
    const query = new URLSearchParams(filters);
    query.set("limit", "100");
    if (cursor) query.set("cursor", cursor);
    const page = await readApi(`${path}?${query}`, schema);
    read += page.data.length;
    yield page;
    cursor = page.hasMore ? page.nextCursor : undefined;
    if (cursor !== undefined) {
      if (seen.has(cursor)) return;
      seen.add(cursor);
    }
  } while (cursor !== undefined && read < maxItems);
}
