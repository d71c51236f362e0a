import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import {
  type CreateCustomerBody,
  createCustomerBodySchema,
  customerTypeSchema,
  type FieldError,
  type GetCustomerKycLinkQuery,
  zodIssuesToFieldErrors,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { kycLinks } from "../db/schema";
import { ApiError } from "../errors";
import { enqueueWebhook } from "../webhooks/enqueue";
import { hasNul } from "./customer-validation";
import { insertPreparedCustomer, loadCustomerRules, prepareNewCustomer } from "./customers";

type KycLinkRow = typeof kycLinks.$inferSelect;

/** The spec says only "limited in time"; 15 minutes of the service's clock is enough to fill in a form. */
const KYC_LINK_TTL_MS = 15 * 60 * 1000;

/** Field names of the hosted form; address parts are flat so the form needs no script. */
export const kycFormFields = [
  "customerType",
  "fullName",
  "birthDate",
  "nationality",
  "legalName",
  "registrationNumber",
  "taxId",
  "line1",
  "line2",
  "city",
  "state",
  "postalCode",
  "country",
] as const;
export type KycFormField = (typeof kycFormFields)[number];
export type KycFormValues = Partial<Record<KycFormField, string>>;

/** GET /customers/kyc-link: a single-use, expiring page where the person verifies themselves. */
export async function createKycLink(context: ServiceContext, query: GetCustomerKycLinkQuery) {
  const token = randomBytes(24).toString("base64url");
  const now = context.clock.now();
  await context.db.insert(kycLinks).values({
    token,
    platformCustomerId: query.platformCustomerId,
    redirectUri: query.redirectUri ?? null,
    expiresAt: new Date(now.getTime() + KYC_LINK_TTL_MS),
    createdAt: now,
  });
  return {
    kycUrl: `${context.config.publicUrl}/hosted/kyc/${token}`,
    platformCustomerId: query.platformCustomerId,
  };
}

export type KycLinkState =
  | { kind: "open"; link: KycLinkRow }
  | { kind: "unknown" }
  | { kind: "used" }
  | { kind: "expired" };

export async function kycLinkState(context: ServiceContext, token: string): Promise<KycLinkState> {
  await context.clock.refresh();
  if (hasNul(token)) return { kind: "unknown" };
  const [link] = await context.db.select().from(kycLinks).where(eq(kycLinks.token, token));
  if (!link) return { kind: "unknown" };
  if (link.usedAt !== null) return { kind: "used" };
  if (link.expiresAt.getTime() <= context.clock.now().getTime()) return { kind: "expired" };
  return { kind: "open", link };
}

/** Form path → API path of the create body, and back, so errors land on the input that caused them. */
const API_PATH_BY_FORM_FIELD: Record<KycFormField, string> = {
  customerType: "customerType",
  fullName: "fullName",
  birthDate: "birthDate",
  nationality: "nationality",
  legalName: "businessInfo.legalName",
  registrationNumber: "businessInfo.registrationNumber",
  taxId: "businessInfo.taxId",
  line1: "address.line1",
  line2: "address.line2",
  city: "address.city",
  state: "address.state",
  postalCode: "address.postalCode",
  country: "address.country",
};

function formFieldOf(apiPath: string): KycFormField | undefined {
  const entry = Object.entries(API_PATH_BY_FORM_FIELD).find(([, path]) => path === apiPath);
  if (entry) return entry[0] as KycFormField;
  if (apiPath === "address") return "line1";
  if (apiPath === "businessInfo") return "legalName";
  return undefined;
}

export type KycFormErrors = Partial<Record<KycFormField | "form", string>>;

function formErrors(fields: FieldError[]): KycFormErrors {
  const errors: KycFormErrors = {};
  for (const field of fields) {
    const key = formFieldOf(field.path) ?? "form";
    errors[key] ??= field.message;
  }
  return errors;
}

const present = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * The create body the form stands for. Verification needs who the person is, so beyond the API's own rules the
 * name, birth date, nationality (individuals) or legal name (businesses) and an address (line1, postal code and
 * country; city, line2 and state optional as in the API) are required.
 */
function bodyFromForm(
  platformCustomerId: string,
  values: KycFormValues,
): { body: CreateCustomerBody } | { errors: KycFormErrors } {
  const type = customerTypeSchema.safeParse(values.customerType);
  if (!type.success) return { errors: { customerType: "Choose individual or business" } };
  const upper = (value: string | undefined) => present(value)?.toUpperCase();
  const address = {
    line1: present(values.line1),
    line2: present(values.line2),
    city: present(values.city),
    state: present(values.state),
    postalCode: present(values.postalCode),
    country: upper(values.country),
  };
  const candidate =
    type.data === "INDIVIDUAL"
      ? {
          customerType: type.data,
          platformCustomerId,
          fullName: present(values.fullName),
          birthDate: present(values.birthDate),
          nationality: upper(values.nationality),
          address,
        }
      : {
          customerType: type.data,
          platformCustomerId,
          businessInfo: {
            legalName: present(values.legalName),
            registrationNumber: present(values.registrationNumber),
            taxId: present(values.taxId),
          },
          address,
        };
  const verificationNeeds: KycFormField[] =
    type.data === "INDIVIDUAL" ? ["fullName", "birthDate", "nationality"] : ["legalName"];
  const errors: KycFormErrors = {};
  for (const field of verificationNeeds) {
    if (present(values[field]) === undefined) errors[field] = "Required";
  }
  const parsed = createCustomerBodySchema.safeParse(candidate);
  if (!parsed.success) Object.assign(errors, formErrors(zodIssuesToFieldErrors(parsed.error).fields));
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}

export type KycOutcome =
  | { kind: "invalid"; errors: KycFormErrors; platformCustomerId: string }
  | { kind: "gone"; reason: "used" | "expired" | "unknown" }
  | { kind: "done"; kycStatus: "APPROVED" | "REJECTED"; customerId: string; redirectTo: string | null };

/**
 * POST of the hosted page. Success creates the customer APPROVED. Failure also creates the customer, REJECTED
 * and without the personal data entered, because KYC_STATUS names a customerId and the platform needs a record
 * to show why this person cannot transact. Either way, in one transaction: the link is used up (a guarded
 * UPDATE, so a double submit creates one customer), the customer is created, and KYC_STATUS is queued.
 */
export async function submitKycForm(
  context: ServiceContext,
  token: string,
  action: "complete" | "fail",
  values: KycFormValues,
): Promise<KycOutcome> {
  const state = await kycLinkState(context, token);
  if (state.kind !== "open") return { kind: "gone", reason: state.kind };
  const link = state.link;
  const rules = await loadCustomerRules(context);
  const now = context.clock.now();
  const kycStatus = action === "complete" ? "APPROVED" : "REJECTED";

  let body: CreateCustomerBody;
  if (action === "complete") {
    const result = bodyFromForm(link.platformCustomerId, values);
    if ("errors" in result) {
      return { kind: "invalid", errors: result.errors, platformCustomerId: link.platformCustomerId };
    }
    body = result.body;
  } else {
    const type = customerTypeSchema.safeParse(values.customerType);
    body = {
      customerType: type.success ? type.data : "INDIVIDUAL",
      platformCustomerId: link.platformCustomerId,
    };
  }

  let prepared: ReturnType<typeof prepareNewCustomer>;
  try {
    prepared = prepareNewCustomer(rules, body, { kycStatus, now, skipRequiredFields: action === "fail" });
  } catch (error) {
    if (error instanceof ApiError) {
      const fields = (error.details?.fields ?? []) as FieldError[];
      return {
        kind: "invalid",
        errors: { form: error.message, ...formErrors(fields) },
        platformCustomerId: link.platformCustomerId,
      };
    }
    throw error;
  }

  return context.db.transaction(async (tx): Promise<KycOutcome> => {
    const [claimed] = await tx
      .update(kycLinks)
      .set({ usedAt: now, outcome: kycStatus, customerId: prepared.row.id })
      .where(and(eq(kycLinks.token, token), isNull(kycLinks.usedAt), gt(kycLinks.expiresAt, now)))
      .returning();
    if (!claimed) return { kind: "gone", reason: "used" };
    const customer = await insertPreparedCustomer(tx, prepared, rules.currencyCodes, now);
    await enqueueWebhook(
      tx,
      {
        type: "KYC_STATUS",
        payload: {
          customerId: customer.id,
          kycStatus,
          platformCustomerId: customer.platformCustomerId,
        },
      },
      now,
    );
    let redirectTo: string | null = null;
    if (claimed.redirectUri) {
      const url = new URL(claimed.redirectUri);
      url.searchParams.set("platformCustomerId", customer.platformCustomerId);
      url.searchParams.set("status", kycStatus);
      redirectTo = url.toString();
    }
    return { kind: "done", kycStatus, customerId: customer.id, redirectTo };
  });
}
