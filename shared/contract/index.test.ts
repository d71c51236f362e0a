import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as contract from "./index";

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
};

function defOf(schema: z.ZodType): Def {
  return schema._zod.def as unknown as Def;
}

/** Every object schema reachable from `schema`, with its path for messages. */
function objectsIn(schema: z.ZodType, path = ""): { path: string; def: Def }[] {
  const def = defOf(schema);
  const children: [string, z.ZodType | undefined][] = [];
  if (def.type === "object") {
    for (const [key, child] of Object.entries(def.shape ?? {})) children.push([`${path}.${key}`, child]);
  }
  for (const option of def.options ?? []) children.push([path, option]);
  children.push([path, def.innerType], [path, def.in], [path, def.out], [`${path}[]`, def.element]);
  children.push([`${path}{}`, def.valueType]);
  const own = def.type === "object" ? [{ path: path || "(root)", def }] : [];
  return [...own, ...children.flatMap(([p, child]) => (child ? objectsIn(child, p) : []))];
}

const schemas: [string, z.ZodType][] = Object.entries(contract as Record<string, unknown>).flatMap(
  ([name, value]) => (value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : []),
);

const isRequestSchema = (name: string) => /(Body|Query|Params|Input)Schema$/.test(name);

// Response-side objects that deliberately embed request-strength parts: the platform's approval reply carries
// user information checked as strictly as in approve's request body.
const strictInsideResponse = new Set(["approveIncomingPaymentReplySchema.receiverCustomerInfo"]);

describe("the contract's exports", () => {
  it("exports a schema for every part the brief lists", () => {
    const names = new Set(Object.keys(contract));
    for (const name of [
      "createCustomerBodySchema",
      "updateCustomerBodySchema",
      "listCustomersQuerySchema",
      "customerSchema",
      "getCustomerKycLinkQuerySchema",
      "customerKycLinkSchema",
      "bulkCustomerUploadSchema",
      "bulkCustomerImportJobSchema",
      "bulkCustomerCsvRowSchema",
      "internalAccountSchema",
      "listCustomerInternalAccountsQuerySchema",
      "listPlatformInternalAccountsQuerySchema",
      "externalAccountSchema",
      "createCustomerExternalAccountBodySchema",
      "createPlatformExternalAccountBodySchema",
      "listCustomerExternalAccountsQuerySchema",
      "paymentInstructionSchema",
      "quoteSchema",
      "createQuoteBodySchema",
      "listQuotesQuerySchema",
      "rateDetailsSchema",
      "transactionSchema",
      "listTransactionsQuerySchema",
      "approveTransactionBodySchema",
      "rejectTransactionBodySchema",
      "createTransferInBodySchema",
      "createTransferOutBodySchema",
      "lookupReceiverQuerySchema",
      "receiverLookupSchema",
      "invitationSchema",
      "createInvitationBodySchema",
      "claimInvitationBodySchema",
      "platformConfigSchema",
      "supportedCurrencySchema",
      "updateConfigBodySchema",
      "fundSandboxInternalAccountBodySchema",
      "sendSandboxPaymentBodySchema",
      "receiveSandboxUmaPaymentBodySchema",
      "webhookEventSchema",
      "approveIncomingPaymentReplySchema",
      "rejectIncomingPaymentReplySchema",
      "requestSenderInfoReplySchema",
      "webhookTestResultSchema",
      "apiErrorSchema",
      "validationErrorDetailsSchema",
      "currencySchema",
      "amountSchema",
      "userInfoFieldNameSchema",
      "umaAddressSchema",
      "bankAccountInfoInputSchema",
      "addressInputSchema",
    ]) {
      expect(names.has(name), name).toBe(true);
    }
    expect(typeof contract.paginatedSchema).toBe("function");
    expect(typeof contract.idSchema).toBe("function");
    expect(typeof contract.zodIssuesToFieldErrors).toBe("function");
  });

  it.each(schemas.filter(([name]) => isRequestSchema(name)))(
    "%s rejects unknown fields at every level",
    (name, schema) => {
      const objects = objectsIn(schema);
      expect(objects.length, name).toBeGreaterThan(0);
      for (const { path, def } of objects) {
        expect(def.catchall && defOf(def.catchall).type, `${name}${path}`).toBe("never");
      }
    },
  );

  it.each(schemas.filter(([name]) => !isRequestSchema(name) && objectsIn(schema(name)).length > 0))(
    "%s keeps unknown fields at every level",
    (name, schema) => {
      for (const { path, def } of objectsIn(schema)) {
        if (strictInsideResponse.has(`${name}${path}`)) continue;
        expect(def.catchall && defOf(def.catchall).type, `${name}${path}`).toBe("unknown");
      }
    },
  );

  it.each(schemas)("%s never throws, whatever it is given", (_name, schema) => {
    const keys = objectsIn(schema).flatMap(({ def }) => Object.keys(def.shape ?? {}));
    const shaped = keys.length > 0 ? fc.dictionary(fc.constantFrom(...keys), fc.anything()) : fc.anything();
    fc.assert(
      fc.property(fc.oneof(fc.anything(), shaped), (input) => {
        schema.safeParse(input);
      }),
      { numRuns: 150 },
    );
  });
});

function schema(name: string): z.ZodType {
  const found = schemas.find(([n]) => n === name);
  if (!found) throw new Error(name);
  return found[1];
}
