import { z } from "zod";
import { formRequirements, requiredCustomerPaths } from "@/lib/client/api/customers";
import { createCustomerBodySchema, normalizeUmaAddress, updateCustomerBodySchema } from "@/shared/contract";
import {
  type CustomerFormRules,
  type CustomerFormValues,
  customerBody,
  TOP_LEVEL_PERSONAL,
  umaAddressFieldIssue,
} from "./customer-form-values";

function valueAtPath(record: Record<string, unknown>, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Required parts of an address, where a missing address is reported. */
const ADDRESS_REQUIRED_PARTS = ["line1", "postalCode", "country"] as const;

/**
 * The form's schema: the contract's create or update body, plus the platform's rules the contract cannot know
 * (the providerRequiredCustomerFields of the bank account's currency, the UMA domain) and, on edit, that a stored
 * value can be replaced but not removed. Issue paths are the form's field names, so errors land on their inputs.
 */
export function customerFormSchema(rules: CustomerFormRules) {
  const bodySchema = rules.mode === "create" ? createCustomerBodySchema : updateCustomerBodySchema;
  return z
    .custom<CustomerFormValues>()
    .superRefine((values, ctx) => {
      const body = customerBody(values, rules.mode);
      // The platform-aware message first: it names the domain to use. An unchanged address is not sent, so it
      // is not judged by today's domain.
      const unchangedUma =
        rules.stored !== undefined &&
        normalizeUmaAddress(values.umaAddress.trim()) === rules.stored.umaAddress;
      const umaIssue = unchangedUma ? null : umaAddressFieldIssue(values.umaAddress, rules.umaDomain);
      if (umaIssue !== null) ctx.addIssue({ code: "custom", message: umaIssue, path: ["umaAddress"] });
      const parsed = bodySchema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          if (issue.path.length === 0 || (umaIssue !== null && issue.path[0] === "umaAddress")) continue;
          ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
        }
      }
      for (const [path, { field, currencies }] of requiredCustomerPaths(
        formRequirements(rules.currencies, values.bankAccountInfo),
        values.customerType,
      )) {
        if (valueAtPath(body, path) !== undefined) continue;
        const message = `Required for ${currencies.join(", ")} (${field})`;
        const paths = path === "address" ? ADDRESS_REQUIRED_PARTS.map((part) => `address.${part}`) : [path];
        for (const target of paths) ctx.addIssue({ code: "custom", message, path: target.split(".") });
      }
      if (rules.mode === "edit" && rules.stored) {
        const stored = rules.stored as unknown as Record<string, unknown>;
        for (const key of TOP_LEVEL_PERSONAL) {
          if (stored[key] === undefined || body[key] !== undefined) continue;
          const target =
            key === "address" ? "address.line1" : key === "businessInfo" ? "businessInfo.legalName" : key;
          ctx.addIssue({
            code: "custom",
            message: "A stored value can be replaced but not removed",
            path: target.split("."),
          });
        }
      }
    })
    .transform((values) => bodySchema.parse(customerBody(values, rules.mode)));
}
