import { z } from "zod";
import { addressInputSchema, addressSchema } from "./address";
import { bankAccountInfoInputSchema } from "./bank-account";
import {
  birthDateSchema,
  countryCodeSchema,
  dateSchema,
  dateTimeSchema,
  emailSchema,
  legalNameSchema,
  nameSchema,
  paginatedSchema,
  paginationQueryShape,
  queryBooleanSchema,
  queryDateTimeSchema,
  textSchema,
} from "./common";
import { umaAddressSchema } from "./uma-address";

export const customerTypeSchema = z.enum(["INDIVIDUAL", "BUSINESS"]);
export type CustomerType = z.infer<typeof customerTypeSchema>;

export const kycStatusSchema = z.enum([
  "APPROVED",
  "REJECTED",
  "PENDING_REVIEW",
  "EXPIRED",
  "CANCELED",
  "MANUALLY_APPROVED",
  "MANUALLY_REJECTED",
]);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** The statuses that end a KYC review and are announced by a KYC_STATUS webhook (PENDING_REVIEW is not). */
export const finalKycStatuses = [
  "APPROVED",
  "REJECTED",
  "EXPIRED",
  "CANCELED",
  "MANUALLY_APPROVED",
  "MANUALLY_REJECTED",
] as const satisfies readonly KycStatus[];
export const finalKycStatusSchema = z.enum(finalKycStatuses);

export const platformCustomerIdSchema = textSchema(255);

// ---------------------------------------------------------------------------------------------------------
// Requests

export const businessInfoInputSchema = z.strictObject({
  legalName: legalNameSchema.optional(),
  registrationNumber: textSchema(100).optional(),
  taxId: textSchema(100).optional(),
});
export type BusinessInfoInput = z.infer<typeof businessInfoInputSchema>;

export const beneficialOwnerTypes = [
  "OFFICER",
  "BENEFICIAL_OWNER",
  "CONTROL_PERSON",
  "AUTHORIZED_PERSON",
] as const;

/** A person behind a business customer (api-notes §8): who they are and how they relate to it. */
export const beneficialOwnerInputSchema = z.strictObject({
  fullName: nameSchema,
  individualType: z.enum(beneficialOwnerTypes, {
    error: `Must be one of ${beneficialOwnerTypes.join(", ")}`,
  }),
  emailAddress: emailSchema.optional(),
  birthDate: birthDateSchema.optional(),
  nationality: countryCodeSchema.optional(),
  address: addressInputSchema.optional(),
  percentageOwnership: z.number().min(0).max(100).optional(),
});
export type BeneficialOwnerInput = z.infer<typeof beneficialOwnerInputSchema>;

/** At most this many people per business: more is a data error, not a business. */
export const MAX_BENEFICIAL_OWNERS = 50;
const beneficialOwnersInputSchema = z
  .array(beneficialOwnerInputSchema)
  .max(MAX_BENEFICIAL_OWNERS, `At most ${MAX_BENEFICIAL_OWNERS} people`)
  .check((ctx) => {
    const total = ctx.value.reduce((sum, owner) => sum + (owner.percentageOwnership ?? 0), 0);
    if (total > 100) {
      ctx.issues.push({
        code: "custom",
        message: `The ownership percentages add up to ${total}, more than 100`,
        input: ctx.value,
      });
    }
  });

const sharedCreateFields = {
  platformCustomerId: platformCustomerIdSchema,
  umaAddress: umaAddressSchema.optional(),
  address: addressInputSchema.optional(),
  bankAccountInfo: bankAccountInfoInputSchema.optional(),
};

// Strict per type: an individual cannot carry businessInfo and a business cannot carry personal fields, so a
// form posting the wrong variant's leftovers is refused instead of storing them.
export const createIndividualCustomerBodySchema = z.strictObject({
  customerType: z.literal("INDIVIDUAL"),
  ...sharedCreateFields,
  fullName: nameSchema.optional(),
  birthDate: birthDateSchema.optional(),
  nationality: countryCodeSchema.optional(),
});

export const createBusinessCustomerBodySchema = z.strictObject({
  customerType: z.literal("BUSINESS"),
  ...sharedCreateFields,
  businessInfo: businessInfoInputSchema.optional(),
  beneficialOwners: beneficialOwnersInputSchema.optional(),
});

export const createCustomerBodySchema = z.discriminatedUnion("customerType", [
  createIndividualCustomerBodySchema,
  createBusinessCustomerBodySchema,
]);
export type CreateCustomerBody = z.infer<typeof createCustomerBodySchema>;

const sharedUpdateFields = {
  umaAddress: umaAddressSchema.optional(),
  address: addressInputSchema.optional(),
  bankAccountInfo: bankAccountInfoInputSchema.optional(),
};

export const updateIndividualCustomerBodySchema = z.strictObject({
  customerType: z.literal("INDIVIDUAL"),
  ...sharedUpdateFields,
  fullName: nameSchema.optional(),
  birthDate: birthDateSchema.optional(),
  nationality: countryCodeSchema.optional(),
});

// The spec's PATCH list omits businessInfo, but its rule 2 requires every providerRequiredCustomerFields entry to
// be suppliable on update, and BUSINESS_NAME / TAX_ID live in businessInfo; without it a business customer could
// never be brought up to a currency's requirements.
export const updateBusinessCustomerBodySchema = z.strictObject({
  customerType: z.literal("BUSINESS"),
  ...sharedUpdateFields,
  businessInfo: businessInfoInputSchema.optional(),
  beneficialOwners: beneficialOwnersInputSchema.optional(),
});

export const updateCustomerBodySchema = z.discriminatedUnion("customerType", [
  updateIndividualCustomerBodySchema,
  updateBusinessCustomerBodySchema,
]);
export type UpdateCustomerBody = z.infer<typeof updateCustomerBodySchema>;

export const listCustomersQuerySchema = z.strictObject({
  platformCustomerId: platformCustomerIdSchema.optional(),
  customerType: customerTypeSchema.optional(),
  createdAfter: queryDateTimeSchema.optional(),
  createdBefore: queryDateTimeSchema.optional(),
  updatedAfter: queryDateTimeSchema.optional(),
  updatedBefore: queryDateTimeSchema.optional(),
  umaAddress: umaAddressSchema.optional(),
  isIncludingDeleted: queryBooleanSchema.default(false),
  ...paginationQueryShape,
});
export type ListCustomersQuery = z.infer<typeof listCustomersQuerySchema>;

export const getCustomerKycLinkQuerySchema = z.strictObject({
  platformCustomerId: platformCustomerIdSchema,
  redirectUri: z.url({ protocol: /^https?$/, error: "Must be an http(s) URL" }).optional(),
});
export type GetCustomerKycLinkQuery = z.infer<typeof getCustomerKycLinkQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Responses

export const businessInfoSchema = z.looseObject({
  legalName: z.string().optional(),
  registrationNumber: z.string().optional(),
  taxId: z.string().optional(),
});
export type BusinessInfo = z.infer<typeof businessInfoSchema>;

const sharedCustomerFields = {
  id: z.string(),
  platformCustomerId: z.string(),
  umaAddress: z.string(),
  kycStatus: kycStatusSchema,
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  // Absent on older records means not deleted.
  isDeleted: z.boolean().default(false),
  address: addressSchema.optional(),
  /** A hosted KYC link to share while KYC is still needed (api-notes §8). */
  kycUrl: z.string().optional(),
};

export const individualCustomerSchema = z.looseObject({
  customerType: z.literal("INDIVIDUAL"),
  ...sharedCustomerFields,
  fullName: z.string().optional(),
  birthDate: dateSchema.optional(),
  nationality: z.string().optional(),
});
export type IndividualCustomer = z.infer<typeof individualCustomerSchema>;

export const beneficialOwnerSchema = z.looseObject({
  fullName: z.string(),
  individualType: z.string(),
  emailAddress: z.string().optional(),
  birthDate: z.string().optional(),
  nationality: z.string().optional(),
  address: addressSchema.optional(),
  percentageOwnership: z.number().optional(),
});
export type BeneficialOwner = z.infer<typeof beneficialOwnerSchema>;

export const businessCustomerSchema = z.looseObject({
  customerType: z.literal("BUSINESS"),
  ...sharedCustomerFields,
  businessInfo: businessInfoSchema.optional(),
  beneficialOwners: z.array(beneficialOwnerSchema).optional(),
});
export type BusinessCustomer = z.infer<typeof businessCustomerSchema>;

export const customerSchema = z.discriminatedUnion("customerType", [
  individualCustomerSchema,
  businessCustomerSchema,
]);
export type Customer = z.infer<typeof customerSchema>;

export const customerListSchema = paginatedSchema(customerSchema);
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerKycLinkSchema = z.looseObject({
  kycUrl: z.string(),
  platformCustomerId: z.string(),
  customerId: z.string().optional(),
});
export type CustomerKycLink = z.infer<typeof customerKycLinkSchema>;

// ---------------------------------------------------------------------------------------------------------
// Provider-required fields

export {
  type CustomerLike,
  customerPathsByUserInfoField,
  missingProviderRequiredFields,
} from "./user-info-fields";
