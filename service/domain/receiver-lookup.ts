import { eq } from "drizzle-orm";
import {
  type ExternalAccountLookup,
  externalAccountLookupSchema,
  findSandboxSender,
  type LookupExternalAccountQuery,
  type LookupReceiverQuery,
  type ReceiverLookup,
  receiverLookupSchema,
  type UserInfoFieldRequirement,
  userInfoFieldRequirementSchema,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { internalAccounts, lookups } from "../db/schema";
import { ApiError } from "../errors";
import { getOrCreateConfig } from "./config";
import { newId } from "./ids";
import {
  type CustomerRow,
  currencyObject,
  findLiveCustomerByUma,
  type Reader,
  requireExternalAccount,
  requireLiveCustomer,
  requireReady,
  supportedCurrency,
} from "./payment-accounts";
import { exchangeRate, isQuotableCurrency, rateAsNumber } from "./rates";

/** What the sandbox's receivers ask about the payer, the same for each so tests can rely on it. */
const SANDBOX_REQUIRED_PAYER_FIELDS: UserInfoFieldRequirement[] = [
  { name: "FULL_NAME", mandatory: true },
  { name: "BIRTH_DATE", mandatory: false },
];

/** Bounds of a sandbox receiver's currency that the platform has not configured. */
const SANDBOX_RECEIVER_BOUNDS = { min: 1, max: 1_000_000_000 };

/** Merges requirements: a field is mandatory when any source says so. */
function mergeRequirements(lists: UserInfoFieldRequirement[][]): UserInfoFieldRequirement[] {
  const merged = new Map<UserInfoFieldRequirement["name"], boolean>();
  for (const list of lists) {
    for (const field of list) merged.set(field.name, (merged.get(field.name) ?? false) || field.mandatory);
  }
  return [...merged].map(([name, mandatory]) => ({ name, mandatory }));
}

async function resolveSender(context: ServiceContext, query: LookupReceiverQuery): Promise<CustomerRow> {
  let sender: CustomerRow | undefined;
  if (query.customerId) sender = await requireLiveCustomer(context.db, query.customerId);
  else if (query.senderUmaAddress) sender = await findLiveCustomerByUma(context.db, query.senderUmaAddress);
  if (!sender) {
    throw new ApiError(404, "USER_NOT_FOUND", `No customer has the UMA address ${query.senderUmaAddress}.`);
  }
  requireReady(sender);
  return sender;
}

/**
 * GET /receiver/uma/{address}: the receivers this service can reach are the sandbox's addresses and the
 * platform's own customers. Estimated rates are quoted from the platform's first supported currency, the one a
 * console shows amounts in by default; the quote fixes the real rate from the actual source account.
 */
export async function lookupReceiver(
  context: ServiceContext,
  receiverUmaAddress: string,
  query: LookupReceiverQuery,
): Promise<ReceiverLookup> {
  const config = await getOrCreateConfig(context);
  const sender = await resolveSender(context, query);
  if (sender.umaAddress === receiverUmaAddress) {
    throw new ApiError(400, "SELF_PAYMENT", "The sender and the receiver are the same UMA address.");
  }

  let currencies: string[];
  let requiredPayerDataFields: UserInfoFieldRequirement[];
  let receiverCustomerId: string | null = null;
  const sandboxReceiver = findSandboxSender(receiverUmaAddress);
  if (sandboxReceiver) {
    currencies = [sandboxReceiver.currencyCode];
    requiredPayerDataFields = SANDBOX_REQUIRED_PAYER_FIELDS;
  } else {
    const receiver = await findLiveCustomerByUma(context.db, receiverUmaAddress);
    if (!receiver) throw new ApiError(404, "UMA_NOT_FOUND", `No receiver answers at ${receiverUmaAddress}.`);
    receiverCustomerId = receiver.id;
    const accounts = await context.db
      .select({ currencyCode: internalAccounts.currencyCode })
      .from(internalAccounts)
      .where(eq(internalAccounts.customerId, receiver.id))
      .orderBy(internalAccounts.currencyCode);
    currencies = accounts.map((account) => account.currencyCode);
    requiredPayerDataFields = mergeRequirements(
      currencies.map((code) =>
        (supportedCurrency(config, code)?.requiredCounterpartyFields ?? []).flatMap((field) => {
          const parsed = userInfoFieldRequirementSchema.safeParse(field);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
    );
  }

  const reference = config.supportedCurrencies[0]?.currencyCode ?? "USD";
  const lookupId = newId("Lookup");
  const result: ReceiverLookup = {
    supportedCurrencies: currencies.filter(isQuotableCurrency).map((code) => {
      const configured = supportedCurrency(config, code);
      return {
        currency: currencyObject(code),
        estimatedExchangeRate: isQuotableCurrency(reference)
          ? rateAsNumber(exchangeRate(reference, code))
          : 1,
        min: configured?.minAmount ?? SANDBOX_RECEIVER_BOUNDS.min,
        max: configured?.maxAmount ?? SANDBOX_RECEIVER_BOUNDS.max,
      };
    }),
    lookupId,
    receiverUmaAddress,
    requiredPayerDataFields,
  };
  await context.db.insert(lookups).values({
    id: lookupId,
    receiverUmaAddress,
    receiverCustomerId,
    senderCustomerId: sender.id,
    senderUmaAddress: sender.umaAddress,
    result,
    createdAt: context.clock.now(),
  });
  return result;
}

/**
 * GET /receiver/external-account/{accountId} (api-notes §8): the receiver lookup of one of the platform's or its
 * customers' external accounts, for a quote that pays it. It offers the account's currency with the platform's
 * bounds for it, and asks nothing of the payer: the sandbox's banks need no payer data. The sender is the customer
 * named, or the platform when none is. 412 and 424 (a counterparty that cannot be reached or refuses) do not arise
 * here: the sandbox's banks always answer.
 */
export async function lookupExternalAccount(
  context: ServiceContext,
  accountId: string,
  query: LookupExternalAccountQuery,
): Promise<ExternalAccountLookup> {
  const config = await getOrCreateConfig(context);
  const sender =
    query.customerId || query.senderUmaAddress
      ? await resolveSender(context, query as LookupReceiverQuery)
      : undefined;
  const account = await requireExternalAccount(context.db, accountId);
  const code = account.currencyCode;
  const configured = supportedCurrency(config, code);
  if (!configured || !isQuotableCurrency(code)) {
    throw new ApiError(400, "INVALID_CURRENCY", `The platform cannot pay ${code} into ${accountId}.`);
  }
  const reference = config.supportedCurrencies[0]?.currencyCode ?? "USD";
  const lookupId = newId("Lookup");
  const result: ExternalAccountLookup = {
    supportedCurrencies: [
      {
        currency: currencyObject(code),
        estimatedExchangeRate: isQuotableCurrency(reference)
          ? rateAsNumber(exchangeRate(reference, code))
          : 1,
        min: configured.minAmount,
        max: configured.maxAmount,
      },
    ],
    lookupId,
    accountId,
    requiredPayerDataFields: [],
  };
  await context.db.insert(lookups).values({
    id: lookupId,
    receiverUmaAddress: null,
    receiverAccountId: accountId,
    receiverCustomerId: account.customerId,
    senderCustomerId: sender?.id ?? null,
    senderUmaAddress: sender?.umaAddress ?? null,
    result,
    createdAt: context.clock.now(),
  });
  return result;
}

export interface LoadedLookup {
  row: typeof lookups.$inferSelect;
  result: ReceiverLookup | ExternalAccountLookup;
}

export async function requireLookup(db: Reader, id: string): Promise<LoadedLookup> {
  const [row] = await db.select().from(lookups).where(eq(lookups.id, id));
  if (!row) throw new ApiError(404, "LOOKUP_REQUEST_NOT_FOUND", `Lookup ${id} was not found.`);
  const schema = row.receiverAccountId ? externalAccountLookupSchema : receiverLookupSchema;
  return { row, result: schema.parse(row.result) };
}
