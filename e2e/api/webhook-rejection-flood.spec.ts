import { randomUUID } from "node:crypto";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { signInRequest } from "../support/session";
import { queryConsoleDatabase, SIGNATURE_HEADER, signWebhook } from "../support/webhooks";

const FLOOD_POSTS = 300;
const FLOOD_CONCURRENCY = 6;
const MEGABYTE_BODY = "x".repeat(1024 * 1024);
/** Rejections stored per address and minute (lib/server/webhooks/rejections.ts, docs/SECURITY.md). */
const STORED_PER_ADDRESS_PER_MINUTE = 20;

/** Counts the rejection announcements on one signed-in live event stream until stopped. */
async function watchRejectionEvents(baseURL: string, cookie: string) {
  const abort = new AbortController();
  const response = await fetch(`${baseURL}/api/events`, { headers: { cookie }, signal: abort.signal });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // Aborted by stop().
    }
  })();
  const events = () => text.split("\n\n").filter((chunk) => chunk.includes('"UNVERIFIED"')).length;
  return {
    events,
    async stop() {
      abort.abort();
      await reading;
      return events();
    },
  };
}

async function storedRejections(): Promise<number> {
  const rows = await queryConsoleDatabase<{ count: number }>(
    "select count(*)::int as count from webhook_rejections",
  );
  return rows[0]?.count ?? 0;
}

test("300 unsigned 1 MB posts store a bounded number of rejections and announce a handful; signed webhooks still get through", async ({
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const viewer = await playwrightRequest.newContext({ baseURL });
  await signInRequest(viewer, "viewer");
  const cookie = (await viewer.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const watcher = await watchRejectionEvents(baseURL ?? "", cookie);
  const before = await storedRejections();

  const statuses: number[] = [];
  let next = 0;
  const started = Date.now();
  const sender = async () => {
    while (next < FLOOD_POSTS) {
      next++;
      const response = await fetch(`${baseURL}/api/webhooks`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: MEGABYTE_BODY,
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  };
  const signedDuringFlood = (async () => {
    const webhookId = `Webhook:${randomUUID()}`;
    const body = JSON.stringify({ webhookId, type: "TEST", timestamp: new Date().toISOString(), test: true });
    const response = await request.post("/api/webhooks", {
      data: body,
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhook(body) },
    });
    return response.status();
  })();
  await Promise.all([...Array.from({ length: FLOOD_CONCURRENCY }, sender), signedDuringFlood]);
  const floodSeconds = (Date.now() - started) / 1000;

  expect(await signedDuringFlood).toBe(200);
  expect(statuses).toHaveLength(FLOOD_POSTS);
  expect(statuses.every((status) => status === 401)).toBe(true);
  const stored = (await storedRejections()) - before;
  expect(stored).toBeLessThanOrEqual(STORED_PER_ADDRESS_PER_MINUTE * 2);

  // A signed webhook right after the flood is stored and answered as ever.
  const webhookId = `Webhook:${randomUUID()}`;
  const body = JSON.stringify({ webhookId, type: "TEST", timestamp: new Date().toISOString(), test: true });
  const after = await request.post("/api/webhooks", {
    data: body,
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhook(body) },
  });
  expect(after.status()).toBe(200);

  // The people watching hear of the flood, and hear of it at most about once a second.
  await expect.poll(watcher.events, { timeout: 5_000 }).toBeGreaterThan(0);
  const announced = await watcher.stop();
  expect(announced).toBeLessThanOrEqual(Math.ceil(floodSeconds) + 2);

  const summary = await viewer.get("/api/inbox/rejections");
  expect(summary.status()).toBe(200);
  const { lastDayNotStored } = (await summary.json()) as { lastDayNotStored: number };
  expect(lastDayNotStored).toBeGreaterThanOrEqual(FLOOD_POSTS - stored);
  await viewer.dispose();
  console.log(
    `flood: ${FLOOD_POSTS} posts in ${floodSeconds.toFixed(1)} s, ${stored} stored, ${announced} announcements, ${lastDayNotStored} counted as not stored`,
  );
});
