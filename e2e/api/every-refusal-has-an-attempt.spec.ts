import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { auditRowsOf } from "../support/database";
import type { Role } from "../support/environment";
import { signInRequest } from "../support/session";

// Issue 46 item 13: one rule for every attempt that reaches an identified route, whatever refuses it (the guard's
// CSRF check, the role, the body's validation, the handler's own checks): an attempt row and a refused row under
// the answer's request id, as an accepted action has an attempt row and an allowed row.

async function signedIn(baseURL: string | undefined, role: Role): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? "" },
  });
  await signInRequest(context, role);
  return context;
}

async function expectAttemptAndRefusal(
  response: Awaited<ReturnType<APIRequestContext["fetch"]>>,
  status: number,
  action: string,
  label: string,
) {
  expect(response.status(), label).toBe(status);
  const requestId = response.headers()["x-request-id"] ?? "";
  expect(requestId, label).toMatch(/^[0-9a-f-]{36}$/);
  const rows = await auditRowsOf(requestId);
  expect(
    rows.map((row) => `${row.action} ${row.outcome}`),
    label,
  ).toEqual([`${action} attempted`, `${action} refused`]);
}

test("every refused attempt has its attempt row and its refusal row", async ({ baseURL }) => {
  const admin = await signedIn(baseURL, "admin");
  const compliance = await signedIn(baseURL, "compliance");
  const viewer = await signedIn(baseURL, "viewer");

  // Deleting another person's saved view: not found for them, and on record.
  const created = await admin.post("/api/views", {
    data: { list: "transactions", name: `Mine ${randomUUID().slice(0, 8)}`, query: "status=PENDING" },
  });
  expect(created.status()).toBe(201);
  const { view } = (await created.json()) as { view: { id: string } };
  await expectAttemptAndRefusal(
    await compliance.delete(`/api/views/${view.id}`),
    404,
    "view.delete",
    "another person's view",
  );
  expect((await admin.get("/api/views?list=transactions")).status()).toBe(200);

  // A body the route's schema refuses (400), at a console route and at the payment API's relay.
  await expectAttemptAndRefusal(
    await admin.post("/api/views", { data: { list: "nowhere", name: "" } }),
    400,
    "view.create",
    "a console route's 400",
  );
  await expectAttemptAndRefusal(
    await admin.post("/api/payments/customers", {
      data: { customerType: "NEITHER" },
      headers: { "idempotency-key": randomUUID() },
    }),
    400,
    "customer.create",
    "the relay's 400",
  );

  // A role that may not (403), at a console route and at the relay.
  await expectAttemptAndRefusal(
    await viewer.post("/api/team", {
      data: { email: `no-${randomUUID().slice(0, 8)}@demo.local`, name: "Not Added", role: "viewer" },
    }),
    403,
    "team.user.create",
    "a viewer adding a person",
  );
  await expectAttemptAndRefusal(
    await compliance.patch("/api/payments/config", { data: { umaDomain: "refused.example" } }),
    403,
    "config.update",
    "compliance changing the configuration",
  );

  // A request another site made (CSRF, 403), with the admin's session cookie.
  await expectAttemptAndRefusal(
    await admin.post("/api/views", {
      data: { list: "transactions", name: "From elsewhere" },
      headers: { origin: "https://evil.example" },
    }),
    403,
    "view.create",
    "another site's request",
  );
});
