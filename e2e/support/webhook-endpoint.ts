import { type APIRequestContext, expect } from "@playwright/test";

/**
 * Moves the webhook endpoint through the console as it must be moved: one admin proposes it (202, nothing changed),
 * another approves it and it is applied (decision 0091: the endpoint's answer approves incoming payments, so no
 * admin moves it alone). Both contexts are signed in with the console's origin.
 */
export async function moveWebhookEndpoint(
  proposer: APIRequestContext,
  approver: APIRequestContext,
  url: string,
): Promise<void> {
  const proposed = await proposer.patch("/api/payments/config", { data: { webhookEndpoint: url } });
  expect(proposed.status(), await proposed.text()).toBe(202);
  const { id } = (await proposed.json()) as { id: string };
  const approved = await approver.post(`/api/config/proposals/${encodeURIComponent(id)}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
}
