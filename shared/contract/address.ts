import { z } from "zod";
import { countryCodeSchema, requiredError, textSchema } from "./common";

// The spec says an address "lacking its required fields, including the country code" is rejected but names no
// other required field; the API's reference (api-notes §8) does: line1, postalCode and country. line2, city and
// state are optional (many places have no separate city, most have no state or province in their postal format).
// The bulk CSV is stricter (its table requires `city` and `state`); that rule lives in the CSV row schema.

// Letters, digits, spaces and hyphens cover every national format ("SW1A 1AA", "01310-100", "K1A 0B1").
const POSTAL_CODE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,14}[A-Za-z0-9])?$/;

export const postalCodeSchema = z
  .string({ error: requiredError })
  .trim()
  .min(1, { error: "Required", abort: true })
  .regex(POSTAL_CODE_PATTERN, "Use up to 16 letters, digits, spaces or hyphens");

export const addressInputSchema = z.strictObject({
  line1: textSchema(200),
  line2: textSchema(200).optional(),
  city: textSchema(100).optional(),
  state: textSchema(100).optional(),
  postalCode: postalCodeSchema,
  country: countryCodeSchema,
});
export type AddressInput = z.infer<typeof addressInputSchema>;

/** Address as the API returns it; every part optional so an upstream record with gaps still displays. */
export const addressSchema = z.looseObject({
  line1: z.string().optional(),
  line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string().optional(),
});
export type Address = z.infer<typeof addressSchema>;
