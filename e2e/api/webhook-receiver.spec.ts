import { generateKeyPairSync, randomUUID } from "node:crypto";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { activatePolicyVersion } from "../support/database";
import { serviceApi } from "../support/environment";
import { createIndividualCustomer, receiveSandboxPayment, transactionStatus } from "../support/fixtures";
import { signInRequest } from "../support/session";
import { SIGNATURE_HEADER as HEADER, queryConsoleDatabase, signWebhook as sign } from "../support/webhooks";

async function rowsFor(webhookId: string): Promise<number> {
  const rows = await queryConsoleDatabase<{ count: number }>(
    "select count(*)::int as count from webhook_events where webhook_id = $1",
    [webhookId],
  );
  return rows[0]?.count ?? 0;
}

function testEvent() {
  const webhookId = `Webhook:${randomUUID()}`;
  return {
    webhookId,
    body: JSON.stringify({ webhookId, type: "TEST", timestamp: new Date().toISOString(), test: true }),
  };
}

test("a correctly signed event is stored once; a repeat gets 200 and changes nothing", async ({
  request,
}) => {
  const { webhookId, body } = testEvent();
  const headers = { "content-type": "application/json", [HEADER]: sign(body) };
  const first = await request.post("/api/webhooks", { data: body, headers });
  expect(first.status()).toBe(200);
  const second = await request.post("/api/webhooks", { data: body, headers });
  expect(second.status()).toBe(200);
  expect(await second.json()).toMatchObject({ duplicate: true });
  expect(await rowsFor(webhookId)).toBe(1);
});

test("the bare base64 and sha256= header forms verify too", async ({ request }) => {
  for (const form of ["bare", "sha256"] as const) {
    const { webhookId, body } = testEvent();
    const { s } = JSON.parse(sign(body)) as { s: string };
    const value = form === "bare" ? s : `sha256=${s}`;
    const response = await request.post("/api/webhooks", {
      data: body,
      headers: { "content-type": "application/json", [HEADER]: value },
    });
    expect(response.status(), form).toBe(200);
    expect(await rowsFor(webhookId)).toBe(1);
  }
});

const refusals: [string, (body: string) => { body: string; header?: string }][] = [
  ["no signature", (body) => ({ body })],
  ["a tampered body", (body) => ({ body: body.replace('"test":true', '"test":false'), header: sign(body) })],
  ["re-serialised JSON", (body) => ({ body: JSON.stringify(JSON.parse(body), null, 2), header: sign(body) })],
  [
    "the wrong key",
    (body) => {
      const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      return { body, header: sign(body, privateKey.export({ type: "pkcs8", format: "pem" }).toString()) };
    },
  ],
  ["an empty header", (body) => ({ body, header: "" })],
  ["a truncated signature", (body) => ({ body, header: sign(body).slice(0, 40) })],
];

for (const [label, make] of refusals) {
  test(`${label} → 401 and nothing stored`, async ({ request }) => {
    const { webhookId, body } = testEvent();
    const attempt = make(body);
    const response = await request.post("/api/webhooks", {
      data: attempt.body,
      headers: {
        "content-type": "application/json",
        ...(attempt.header !== undefined ? { [HEADER]: attempt.header } : {}),
      },
    });
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(await rowsFor(webhookId)).toBe(0);
  });
}

test("a pending incoming payment no rule of the demo's policy approves is held for people: 202", async ({
  request,
}) => {
  const webhookId = `Webhook:${randomUUID()}`;
  const transactionId = `Transaction:${randomUUID()}`;
  const body = JSON.stringify({
    webhookId,
    type: "INCOMING_PAYMENT",
    timestamp: new Date().toISOString(),
    transaction: {
      id: transactionId,
      status: "PENDING",
      type: "INCOMING",
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:x", currency: "USD" },
      customerId: "Customer:x",
      platformCustomerId: "p-x",
      counterpartyInformation: { FULL_NAME: "Sam Sender" },
    },
    requestedReceiverCustomerInfoFields: [{ name: "FULL_NAME", mandatory: true }],
  });
  const response = await request.post("/api/webhooks", {
    data: body,
    headers: { "content-type": "application/json", [HEADER]: sign(body) },
  });
  expect(response.status()).toBe(202);
  expect(await rowsFor(webhookId)).toBe(1);
  // The demo's policy (v1, in force since its first morning) decided it: no amount, no customer the API knows, so
  // none of its rules matched.
  const evaluations = await queryConsoleDatabase<{ decision: string; policy_version: number | null }>(
    "select decision, policy_version from policy_evaluations where transaction_id = $1",
    [transactionId],
  );
  expect(evaluations).toEqual([{ decision: "hold", policy_version: 1 }]);
});

test("one webhookId delivered 50 times at once leaves exactly one row", async ({ request }) => {
  const { webhookId, body } = testEvent();
  const headers = { "content-type": "application/json", [HEADER]: sign(body) };
  const responses = await Promise.all(
    Array.from({ length: 50 }, () => request.post("/api/webhooks", { data: body, headers })),
  );
  expect(responses.every((response) => response.status() === 200)).toBe(true);
  expect(await rowsFor(webhookId)).toBe(1);
});

test("a duplicated signature header is refused", async ({ request }) => {
  const { webhookId, body } = testEvent();
  const signature = sign(body);
  // Two header lines of the same name reach the server joined by a comma.
  const response = await request.post("/api/webhooks", {
    data: body,
    headers: { "content-type": "application/json", [HEADER]: `${signature}, ${signature}` },
  });
  expect(response.status()).toBe(401);
  expect(await rowsFor(webhookId)).toBe(0);
});

test("a signed event whose strings hold NUL or a lone surrogate is stored once, those characters replaced", async ({
  request,
}) => {
  const webhookId = `Webhook:${randomUUID()}`;
  // JSON.stringify writes these as the escapes \u0000 and \ud800, which jsonb refuses.
  const body = JSON.stringify({
    webhookId,
    type: "TEST",
    timestamp: new Date().toISOString(),
    test: true,
    note: "before\u0000after",
    "key\ud800": "lone \udc00 surrogate",
    transaction: { id: `Transaction:\u0000${randomUUID()}`, status: "COMPLETED" },
  });
  expect(body).toContain("\\u0000");
  const headers = { "content-type": "application/json", [HEADER]: sign(body) };
  const first = await request.post("/api/webhooks", { data: body, headers });
  expect(first.status()).toBe(200);
  const again = await request.post("/api/webhooks", { data: body, headers });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ duplicate: true });
  const rows = await queryConsoleDatabase<{ note: string; keys: string[]; raw: string; transaction: string }>(
    `select payload->>'note' as note, array(select jsonb_object_keys(payload)) as keys, raw_body as raw,
            transaction_id as transaction
       from webhook_events where webhook_id = $1`,
    [webhookId],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]?.note).toBe("before\ufffdafter");
  expect(rows[0]?.keys).toContain("key\ufffd");
  expect(rows[0]?.transaction).toMatch(/^Transaction:\ufffd/);
  expect(rows[0]?.raw).not.toContain("\u0000");
});

// Issue 46 item 10: a payment gets one decision, ever, however many deliveries name it at once.
const ONE_DECISION_AMOUNT = 4_331;

function pendingPayment(transactionId: string, webhookId = `Webhook:${randomUUID()}`) {
  return JSON.stringify({
    webhookId,
    type: "INCOMING_PAYMENT",
    timestamp: new Date().toISOString(),
    transaction: {
      id: transactionId,
      status: "PENDING",
      type: "INCOMING",
      destination: { destinationType: "ACCOUNT", accountId: "InternalAccount:x", currency: "USD" },
      receivedAmount: { amount: ONE_DECISION_AMOUNT, currency: { code: "USD" } },
      counterpartyInformation: { FULL_NAME: "Sam Sender" },
    },
  });
}

async function decisionsOf(transactionId: string) {
  const [evaluations] = await queryConsoleDatabase<{ count: number }>(
    "select count(*)::int as count from policy_evaluations where transaction_id = $1",
    [transactionId],
  );
  const audited = await queryConsoleDatabase<{ action: string; summary: { by?: string } }>(
    "select action, summary from audit_events where target_id = $1 order by id",
    [transactionId],
  );
  return {
    evaluations: evaluations?.count ?? 0,
    audited: audited.map((row) => `${row.action} by ${row.summary.by}`),
  };
}

test("six simultaneous deliveries of one webhook, or two webhook ids of one payment, decide it once", async ({
  request,
}) => {
  const policy = await activatePolicyVersion({
    rules: [
      {
        id: "approve-once",
        name: "Approve once",
        when: [{ kind: "amount", side: "receiving", currency: "USD", op: "eq", value: ONE_DECISION_AMOUNT }],
        // biome-ignore lint/suspicious/noThenProperty: a policy rule's "then" is the policy document's own key.
        then: { decision: "approve" },
      },
    ],
  });
  try {
    const transactionId = `Transaction:${randomUUID()}`;
    const body = pendingPayment(transactionId);
    const headers = { "content-type": "application/json", [HEADER]: sign(body) };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => request.post("/api/webhooks", { data: body, headers })),
    );
    // One delivery decides (200: approved by the policy); the others are "already processed".
    expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await decisionsOf(transactionId)).toEqual({
      evaluations: 1,
      audited: ["payment.approve by policy"],
    });

    // Two webhook ids naming one payment, at once: still one decision.
    const other = `Transaction:${randomUUID()}`;
    const bodies = [pendingPayment(other), pendingPayment(other)];
    const pair = await Promise.all(
      bodies.map((data) =>
        request.post("/api/webhooks", {
          data,
          headers: { "content-type": "application/json", [HEADER]: sign(data) },
        }),
      ),
    );
    expect(pair.map((answer) => answer.status()).sort()).toEqual([200, 409]);
    expect(await decisionsOf(other)).toEqual({ evaluations: 1, audited: ["payment.approve by policy"] });
  } finally {
    await policy.restore();
  }
});

/** Takes away what a payment's delivered webhook left (its claim and evaluation): as if it had not arrived yet. */
async function asIfItsWebhookHadNotArrived(transactionId: string): Promise<void> {
  await expect.poll(async () => (await decisionsOf(transactionId)).evaluations, { timeout: 15_000 }).toBe(1);
  await queryConsoleDatabase("delete from policy_evaluations where transaction_id = $1", [transactionId]);
  await queryConsoleDatabase("delete from payment_decisions where transaction_id = $1", [transactionId]);
}

async function deliverLate(request: APIRequestContext, transactionId: string) {
  const body = pendingPayment(transactionId);
  return request.post("/api/webhooks", {
    data: body,
    headers: { "content-type": "application/json", [HEADER]: sign(body) },
  });
}

test("a payment a person began deciding before its webhook arrived is not decided by the policies as well", async ({
  request,
  baseURL,
}) => {
  // A listed sender: the person's approval is refused (the match is open), so the payment stays pending at the API
  // and only the person's claim of its decision keeps the late webhook from being decided.
  const customer = await createIndividualCustomer("Late Webhook Person");
  const payment = await receiveSandboxPayment(customer.id, 2_400, "USD", "$listed.usd@sandbox.uma.money");
  await asIfItsWebhookHadNotArrived(payment.id);
  const compliance = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  try {
    await signInRequest(compliance, "compliance");
    const path = `/api/payments/transactions/${encodeURIComponent(payment.id)}`;
    const refused = await compliance.post(`${path}/approve`, {
      data: { receiverCustomerInfo: { FULL_NAME: customer.fullName } },
    });
    expect(((await refused.json()) as { code: string }).code).toBe("SCREENING_MATCH_OPEN");
    expect(await transactionStatus(payment.id)).toBe("PENDING");

    const audited = (await decisionsOf(payment.id)).audited;
    const late = await deliverLate(request, payment.id);
    expect(late.status()).toBe(409);
    // No evaluation, and no audit row beyond those already there (the delivered webhook's own, kept in the log).
    expect(await decisionsOf(payment.id)).toEqual({ evaluations: 0, audited });

    const rejected = await compliance.post(`${path}/reject`, { data: { reason: "Listed sender" } });
    expect(rejected.status(), await rejected.text()).toBe(200);
  } finally {
    await compliance.dispose();
  }
});

test("a payment decided at the API before its webhook arrived is not credited to the policies", async ({
  request,
}) => {
  const customer = await createIndividualCustomer("Late Webhook Api");
  const payment = await receiveSandboxPayment(customer.id, 2_450);
  await asIfItsWebhookHadNotArrived(payment.id);
  const rejected = await serviceApi(`/transactions/${encodeURIComponent(payment.id)}/reject`, {
    method: "POST",
    json: { reason: "Decided by a program" },
  });
  expect(rejected.status).toBe(200);
  const audited = (await decisionsOf(payment.id)).audited;
  const late = await deliverLate(request, payment.id);
  expect(late.status()).toBe(409);
  expect(await decisionsOf(payment.id)).toEqual({ evaluations: 0, audited });
});

test("a pending payment whose decision fails after its delivery was claimed is held for people, not failed", async ({
  request,
}) => {
  const transactionId = `Transaction:${randomUUID()}`;
  // The arrival's record of the two-person rule cannot be written for this payment alone.
  const constraint = `e2e_no_arrival_${randomUUID().replaceAll("-", "")}`;
  await queryConsoleDatabase(
    `alter table payment_arrival_thresholds add constraint ${constraint} check (transaction_id <> '${transactionId}') not valid`,
  );
  try {
    const delivered = await deliverLate(request, transactionId);
    expect(delivered.status(), await delivered.text()).toBe(202);
    expect(((await delivered.json()) as { status: string }).status).toBe("HELD_FOR_REVIEW");
  } finally {
    await queryConsoleDatabase(`alter table payment_arrival_thresholds drop constraint ${constraint}`);
  }
});
