import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import fc from "fast-check";
import { PROXY_ROUTES } from "../../lib/universal/relay/route-table";
import { auditRowsOf } from "../support/database";
import { createIndividualCustomer, receiveSandboxPayment } from "../support/fixtures";
import { signInRequest } from "../support/session";

/**
 * Property: whatever text people send, in every string field of every mutating route, the console never answers
 * 5xx, and the audit log holds exactly what happened under the answer's request id: exactly one attempt followed by
 * exactly one outcome ("allowed" whenever the answer is 2xx, else "refused" or "failed"). Since issue 46 item 13
 * this holds for a request refused before it was acted on too (body validation, unstorable text, the guard): it
 * used to leave no row, or a bare "refused" row, and now has its attempt and its refusal like any other.
 */

// Arbitrary Unicode, with lone surrogates, NUL and other control characters sure to turn up.
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.constantFrom("\ud800", "x\udc00y", "\u0000", "a\u0000b", "\u0007\u001b[31m", "Zoë 😀", " ", "=1+2"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 24 }),
);

async function expectAuditedOnce(response: Awaited<ReturnType<APIRequestContext["fetch"]>>, label: string) {
  const status = response.status();
  expect(status, label).toBeLessThan(500);
  const requestId = response.headers()["x-request-id"];
  if (!requestId) {
    // Only what the console refuses before it knows who asks (or a malformed route) goes without an id.
    expect([400, 401, 404, 405, 413, 415], label).toContain(status);
    return;
  }
  const outcomes = (await auditRowsOf(requestId)).map((row) => row.outcome);
  if (status >= 200 && status < 300) {
    expect(outcomes, label).toEqual(["attempted", "allowed"]);
  } else {
    expect(outcomes, label).toHaveLength(2);
    expect(outcomes[0], label).toBe("attempted");
    expect(["failed", "refused"], label).toContain(outcomes[1]);
  }
}

test("every mutation has one attempt and one outcome in the audit log, whatever text it carries", async ({
  baseURL,
}) => {
  test.setTimeout(300_000);
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  await signInRequest(admin, "admin");
  const send = (method: string, path: string, data: unknown) => admin.fetch(path, { method, data });

  // Fields people type, in bodies that are otherwise valid, so many are accepted and acted on.
  const customer = await createIndividualCustomer("Propiedad Prueba");
  const member = (await (
    await admin.post("/api/team", {
      data: { email: `prop-${randomUUID().slice(0, 8)}@demo.local`, name: "Prop Member", role: "viewer" },
    })
  ).json()) as { user: { id: string } };
  await fc.assert(
    fc.asyncProperty(text, text, async (first, second) => {
      const payment = await receiveSandboxPayment(customer.id, 100);
      const cases: [string, string, unknown][] = [
        ["POST", `/api/payments/transactions/${encodeURIComponent(payment.id)}/reject`, { reason: first }],
        [
          "PATCH",
          `/api/payments/customers/${encodeURIComponent(customer.id)}`,
          { customerType: "INDIVIDUAL", fullName: first },
        ],
        [
          "POST",
          "/api/payments/customers",
          {
            platformCustomerId: `prop-${randomUUID().slice(0, 8)}`,
            customerType: "INDIVIDUAL",
            fullName: second,
          },
        ],
        [
          "POST",
          "/api/team",
          { email: `prop-${randomUUID().slice(0, 8)}@demo.local`, name: second, role: "viewer" },
        ],
        ["PATCH", `/api/team/${member.user.id}`, { name: first }],
      ];
      for (const [method, path, body] of cases) {
        await expectAuditedOnce(await send(method, path, body), `${method} ${path} ${JSON.stringify(body)}`);
      }
    }),
    { numRuns: 12 },
  );

  // Every mutating route of the proxy, with an arbitrary key and value: refused at the edge or acted on, never both.
  const mutations = PROXY_ROUTES.filter((route) => route.method !== "GET" && !route.streamBody);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...mutations), text, text, async (route, key, value) => {
      const path = `/api/payments${route.path
        .split("/")
        .map((part) => (part.startsWith(":") ? encodeURIComponent(`${part.slice(1)}:x`) : part))
        .join("/")}`;
      await expectAuditedOnce(await send(route.method, path, { [key]: value }), `${route.method} ${path}`);
    }),
    { numRuns: 60 },
  );
});
