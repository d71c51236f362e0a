import { randomUUID } from "node:crypto";
import { serviceApi } from "./environment";

export interface TestCustomer {
  id: string;
  platformCustomerId: string;
  fullName: string;
  umaAddress: string;
}

/** A fresh individual customer in the local service, with what every supported currency requires. */
export async function createIndividualCustomer(fullName = "Ana María López"): Promise<TestCustomer> {
  const response = await serviceApi("/customers", {
    method: "POST",
    json: {
      platformCustomerId: `e2e-${randomUUID().slice(0, 8)}`,
      customerType: "INDIVIDUAL",
      fullName,
      birthDate: "1990-04-02",
      nationality: "MX",
      address: { line1: "Av. Reforma 1", city: "Ciudad de México", postalCode: "06600", country: "MX" },
    },
  });
  if (response.status !== 201)
    throw new Error(`customer not created: ${response.status} ${await response.text()}`);
  return (await response.json()) as TestCustomer;
}

export async function receiveSandboxPayment(
  customerId: string,
  amount: number,
  currency = "USD",
  sender = `$success.${currency.toLowerCase()}@sandbox.uma.money`,
): Promise<{ id: string }> {
  const response = await serviceApi("/sandbox/uma/receive", {
    method: "POST",
    json: {
      senderUmaAddress: sender,
      receivingCurrencyCode: currency,
      receivingCurrencyAmount: amount,
      customerId,
    },
  });
  if (!response.ok) throw new Error(`receive failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

export async function transactionStatus(id: string): Promise<string> {
  const response = await serviceApi(`/transactions/${encodeURIComponent(id)}`);
  return ((await response.json()) as { status: string }).status;
}

/** How many incoming payments wait for a decision, as the service counts them. */
export async function waitingCount(): Promise<number> {
  const response = await serviceApi("/transactions?type=INCOMING&status=PENDING&limit=1");
  const body = (await response.json()) as { totalCount?: number };
  if (body.totalCount === undefined) throw new Error("the service gave no totalCount");
  return body.totalCount;
}

export async function balanceOf(customerId: string, currency: string): Promise<number> {
  const response = await serviceApi(
    `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=${currency}`,
  );
  const body = (await response.json()) as { data: { balance: { amount: number } }[] };
  return body.data[0]?.balance.amount ?? 0;
}

/** The first account a list endpoint of the service returns (`/platform/internal-accounts?currency=USD`, say). */
export async function firstAccountAt(path: string): Promise<string> {
  const account = ((await (await serviceApi(path)).json()) as { data: { id: string }[] }).data[0];
  if (!account) throw new Error(`no account at ${path}`);
  return account.id;
}

/** The customer's USD internal account, funded in the sandbox with `amount` cents. */
export async function fundedUsdAccount(customerId: string, amount: number): Promise<string> {
  const account = await firstAccountAt(
    `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&currency=USD`,
  );
  const funded = await serviceApi(`/sandbox/internal-accounts/${encodeURIComponent(account)}/fund`, {
    method: "POST",
    json: { amount },
  });
  if (!funded.ok) throw new Error(`funding failed: ${funded.status} ${await funded.text()}`);
  return account;
}

/** A quote of `amount` cents from a USD account to the platform's USD account, executed at once. */
export async function payPlatformUsd(
  source: string,
  amount: number,
  description?: string,
): Promise<{ quoteId: string }> {
  const platform = await firstAccountAt("/platform/internal-accounts?currency=USD");
  return payUsd(source, platform, amount, description);
}

/** A quote of `amount` cents from one USD account into another (a customer's, say), executed at once. */
export async function payUsd(
  source: string,
  destination: string,
  amount: number,
  description?: string,
): Promise<{ quoteId: string; transactionId: string }> {
  const created = await serviceApi("/quotes", {
    method: "POST",
    json: {
      source: { accountId: source },
      destination: { accountId: destination, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
      immediatelyExecute: true,
      ...(description ? { description } : {}),
    },
  });
  if (created.status !== 201) throw new Error(`quote not created: ${created.status} ${await created.text()}`);
  return (await created.json()) as { quoteId: string; transactionId: string };
}
