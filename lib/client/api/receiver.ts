import type { ExternalAccountLookup, ReceiverLookup } from "../../../shared/contract";
import { paymentsFetch, toQuery } from "./client";

/**
 * GET /receiver/uma/{address} for a sending customer: the receiver's currencies with estimated rates and bounds,
 * and the payer data it requires. Each call issues a new lookupId for the quote that follows, so it is an action
 * a person takes, not a cached query.
 */
export function lookupReceiver(receiverUmaAddress: string, senderCustomerId: string, signal?: AbortSignal) {
  return paymentsFetch<ReceiverLookup>(
    `/receiver/uma/${encodeURIComponent(receiverUmaAddress)}${toQuery({ customerId: senderCustomerId })}`,
    { signal },
  );
}

/**
 * GET /receiver/external-account/{accountId}: the same lookup for one of the platform's or a customer's external
 * accounts, with the sending customer (none when the platform sends). Its lookupId goes with the quote that pays it.
 */
export function lookupExternalAccount(accountId: string, senderCustomerId?: string, signal?: AbortSignal) {
  return paymentsFetch<ExternalAccountLookup>(
    `/receiver/external-account/${encodeURIComponent(accountId)}${toQuery({ customerId: senderCustomerId })}`,
    { signal },
  );
}
