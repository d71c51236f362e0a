import { z } from "zod";
import { hostnameIssue, requiredError } from "./common";

import { asciiLower, normalizeUmaAddress, umaAddressIssue } from "./uma-address-format";

export {
  MAX_UMA_USERNAME_LENGTH,
  normalizeUmaAddress,
  type ParsedUmaAddress,
  parseUmaAddress,
  type UmaAddressParseResult,
  umaAddressIssue,
} from "./uma-address-format";

/** A UMA address in a request; the parsed value is lowercased. */
export const umaAddressSchema = z
  .string({ error: requiredError })
  .check((ctx) => {
    const issue = umaAddressIssue(ctx.value);
    if (issue !== null) ctx.issues.push({ code: "custom", message: issue, input: ctx.value });
  })
  .overwrite(normalizeUmaAddress);

/** A platform's UMA domain (the part after `@`), e.g. for PATCH /config. Lowercased. */
export const umaDomainSchema = z
  .string({ error: requiredError })
  .overwrite(asciiLower)
  .check((ctx) => {
    const issue = hostnameIssue(ctx.value);
    if (issue !== null) ctx.issues.push({ code: "custom", message: issue, input: ctx.value });
  });
