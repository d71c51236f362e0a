import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: Record<string, unknown>;
}

interface WebhookAnswer {
  status: number;
  body?: unknown;
  delayMs?: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Decides each answer; the default is 200 with an empty JSON object. `delayMs` holds the answer back. */
  respondWith(handler: (webhook: ReceivedWebhook) => WebhookAnswer): void;
  waitFor(predicate: (webhook: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** A real HTTP endpoint on a free loopback port that records every webhook delivered to it. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let handler: (webhook: ReceivedWebhook) => WebhookAnswer = () => ({
    status: 200,
    body: {},
  });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        // Recorded as received; the test decides what a bad body means.
      }
      const webhook = { headers: request.headers, rawBody, body };
      received.push(webhook);
      const answer = handler(webhook);
      const send = () => {
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(JSON.stringify(answer.body ?? {}));
      };
      // The sender may be gone by the time a held-back answer is written (a killed service).
      response.on("error", () => {});
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("receiver did not bind");
  return {
    url: `http://127.0.0.1:${address.port}/webhooks`,
    received,
    respondWith(next) {
      handler = next;
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no matching webhook within ${timeoutMs} ms (received ${received.length})`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
