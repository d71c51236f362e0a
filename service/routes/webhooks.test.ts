import { createVerify } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhookBody } from "../../shared/webhook-signature";
import { webhookEvents } from "../db/schema";
import { startTestService, type TestService } from "../test-support/service";
import { startWebhookReceiver, type WebhookReceiver } from "../test-support/webhook-receiver";
import { deliverWebhook } from "../webhooks/deliver";
import { recordWebhookEvent } from "../webhooks/enqueue";

let service: TestService;
let receiver: WebhookReceiver;
let publicKey: string;

beforeAll(async () => {
  service = await startTestService();
  receiver = await startWebhookReceiver();
  publicKey = await (await fetch(`${service.origin}/_local/webhook-public-key`)).text();
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

function verifyWithNodeCrypto(rawBody: string, headerValue: string): boolean {
  const { v, s } = JSON.parse(headerValue) as { v: string; s: string };
  expect(v).toBe("1");
  return createVerify("sha256")
    .update(rawBody)
    .verify({ key: publicKey, dsaEncoding: "der" }, Buffer.from(s, "base64"));
}

describe("POST /webhooks/test", () => {
  it("answers 400 WEBHOOK_ENDPOINT_NOT_SET before an endpoint is configured", async () => {
    const response = await service.api("/webhooks/test", { method: "POST" });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("WEBHOOK_ENDPOINT_NOT_SET");
  });

  it("a new endpoint set with PATCH /config receives a signed TEST event", async () => {
    const patched = await service.api("/config", {
      method: "PATCH",
      json: { webhookEndpoint: receiver.url },
    });
    expect(patched.status).toBe(200);
    const webhook = await receiver.waitFor((w) => w.body.type === "TEST");
    expect(webhook.body).toMatchObject({
      type: "TEST",
      test: true,
      webhookId: expect.stringMatching(/^Webhook:/),
    });
    expect(webhook.headers["content-type"]).toBe("application/json");
    const header = webhook.headers["x-service-signature"];
    expect(typeof header).toBe("string");
    expect(verifyWithNodeCrypto(webhook.rawBody, String(header))).toBe(true);
    expect(verifyWithNodeCrypto(`${webhook.rawBody} `, String(header))).toBe(false);
  });

  it("sends a TEST event at once and reports the endpoint's answer", async () => {
    receiver.respondWith(() => ({ status: 200, body: { ok: true } }));
    const before = receiver.received.length;
    const response = await service.api("/webhooks/test", { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: receiver.url,
      response_status: 200,
      response_body: '{"ok":true}',
    });
    expect(receiver.received.length).toBe(before + 1);
    const last = receiver.received.at(-1);
    expect(
      last && verifyWebhookBody(publicKey, last.rawBody, String(last.headers["x-service-signature"])),
    ).toBe(true);
  });

  it("reports an error status from the endpoint without retrying TEST", async () => {
    receiver.respondWith(() => ({ status: 500, body: { error: "boom" } }));
    const response = await service.api("/webhooks/test", { method: "POST" });
    expect(await response.json()).toMatchObject({ response_status: 500 });
    receiver.respondWith(() => ({ status: 200 }));
  });

  it("answers 400 WEBHOOK_DELIVERY_ERROR when the endpoint cannot be reached", async () => {
    await service.api("/config", {
      method: "PATCH",
      json: { webhookEndpoint: "http://127.0.0.1:1/nothing" },
    });
    const response = await service.api("/webhooks/test", { method: "POST" });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("WEBHOOK_DELIVERY_ERROR");
    await service.api("/config", { method: "PATCH", json: { webhookEndpoint: receiver.url } });
  });
});

describe("GET /_local/webhook-deliveries", () => {
  it("lists every event with each attempt's status code and response", async () => {
    const response = await fetch(`${service.origin}/_local/webhook-deliveries?limit=50`, {
      headers: { authorization: service.authorization },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: {
        type: string;
        status: string;
        attempts: { statusCode: number | null; responseBody: string | null }[];
      }[];
    };
    const failed = body.data.find((event) => event.attempts.some((attempt) => attempt.statusCode === 500));
    expect(failed).toMatchObject({ type: "TEST", status: "FAILED" });
    expect(failed?.attempts).toHaveLength(1);
    expect(failed?.attempts[0]?.responseBody).toBe('{"error":"boom"}');
  });

  it("needs the credential", async () => {
    const response = await fetch(`${service.origin}/_local/webhook-deliveries`);
    expect(response.status).toBe(401);
  });
});

describe("retries", () => {
  it("stop once 7 days have passed on the platform's clock, the one the event was dated by", async () => {
    receiver.respondWith(() => ({ status: 500, body: { error: "down" } }));
    const { context } = service;
    const retried = await recordWebhookEvent(
      context.db,
      { type: "ACCOUNT_STATUS", payload: { accountId: "InternalAccount:x" } },
      context.clock.now(),
    );
    await deliverWebhook(context, retried.id);
    // Within the window: tried again later.
    expect(await statusOf(retried.id)).toBe("PENDING");

    const late = await recordWebhookEvent(
      context.db,
      { type: "ACCOUNT_STATUS", payload: { accountId: "InternalAccount:y" } },
      context.clock.now(),
    );
    // The sandbox's clock moves 8 days on: the event is past its 7 days, though the machine's clock is not.
    await context.clock.advance(8 * 24 * 60 * 60 * 1000);
    await deliverWebhook(context, late.id);
    expect(await statusOf(late.id)).toBe("FAILED");
  });
});

describe("two runs of one delivery at once", () => {
  it("leave it delivered when either was answered 200: the later failure neither undoes it nor retries it", async () => {
    let calls = 0;
    // Both runs have read the event before either answer comes; the 200 comes first, the 500 after.
    receiver.respondWith(() => {
      calls += 1;
      return calls === 1
        ? { status: 200, delayMs: 100 }
        : { status: 500, body: { error: "late" }, delayMs: 400 };
    });
    const { context } = service;
    const event = await recordWebhookEvent(
      context.db,
      { type: "ACCOUNT_STATUS", payload: { accountId: "InternalAccount:z" } },
      context.clock.now(),
    );
    await Promise.all([deliverWebhook(context, event.id), deliverWebhook(context, event.id)]);
    expect(calls).toBe(2);
    expect(await statusOf(event.id)).toBe("DELIVERED");
  });
});

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await service.context.db
    .select({ status: webhookEvents.status })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, id));
  return row?.status;
}

describe("one payment's webhooks", () => {
  it("are delivered in the order they happened: a status never arrives before the one it follows was answered", async () => {
    await service.api("/config", { method: "PATCH", json: { webhookEndpoint: receiver.url } });
    const { enqueueWebhook } = await import("../webhooks/enqueue");
    const transactionId = `Transaction:order-${Date.now()}`;
    let processingAnswered = false;
    let completedArrivedEarly: boolean | undefined;
    receiver.respondWith((webhook) => {
      if (!webhook.rawBody.includes(transactionId)) return { status: 200 };
      if (webhook.rawBody.includes('"PROCESSING"')) {
        // Answered late: the endpoint is slow for this one.
        setTimeout(() => {
          processingAnswered = true;
        }, 400);
        return { status: 200, delayMs: 400 };
      }
      completedArrivedEarly = !processingAnswered;
      return { status: 200 };
    });
    const now = service.context.clock.now();
    await service.context.db.transaction(async (tx) => {
      for (const status of ["PROCESSING", "COMPLETED"]) {
        await enqueueWebhook(
          tx,
          { type: "OUTGOING_PAYMENT", payload: { id: transactionId, status }, transactionId },
          now,
        );
      }
    });
    await receiver.waitFor((w) => w.rawBody.includes(transactionId) && w.rawBody.includes('"COMPLETED"'));
    expect(completedArrivedEarly).toBe(false);
    receiver.respondWith(() => ({ status: 200 }));
  });
});
