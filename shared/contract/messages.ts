import { z } from "zod";

const plural = (count: number | bigint, one: string, other: string) =>
  `${count} ${Number(count) === 1 ? one : other}`;

/** "CHECKING" → "CHECKING": a value as the API spells it, quoted when it is a string. */
const shown = (value: unknown) => (typeof value === "string" ? `“${value}”` : String(value));

/**
 * Zod's default messages in a person's words ("At most 120 characters", not "Too big: expected string to have
 * <=120 characters"), for every schema that does not give its own: the console's forms show them under a field and
 * the payment API's 400s carry them as field messages. Undefined leaves Zod's own message.
 */
function friendlyIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const absent = issue.input === undefined || issue.input === null || issue.input === "";
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? "Required"
        : `Must be ${issue.expected === "int" ? "a whole number" : `${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`}`;
    case "invalid_value":
      if (absent) return "Required";
      return issue.values.length === 1
        ? `Must be ${shown(issue.values[0])}`
        : `Must be one of ${issue.values.map(shown).join(", ")}`;
    case "too_big": {
      const limit = issue.maximum as number | bigint;
      if (issue.origin === "string") return `At most ${plural(limit, "character", "characters")}`;
      if (issue.origin === "array" || issue.origin === "set")
        return `At most ${plural(limit, "item", "items")}`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return issue.inclusive === false ? `Must be less than ${limit}` : `At most ${limit}`;
      }
      return undefined;
    }
    case "too_small": {
      const limit = issue.minimum as number | bigint;
      if (issue.origin === "string") {
        return Number(limit) <= 1 ? "Required" : `At least ${plural(limit, "character", "characters")}`;
      }
      if (issue.origin === "array" || issue.origin === "set") {
        return Number(limit) <= 1 ? "Choose at least one" : `At least ${plural(limit, "item", "items")}`;
      }
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return issue.inclusive === false ? `Must be more than ${limit}` : `At least ${limit}`;
      }
      return undefined;
    }
    case "invalid_format":
      if (issue.format === "email") return "Not a valid email address";
      if (issue.format === "url") return "Not a valid URL";
      if (issue.format === "uuid" || issue.format === "guid") return "Not a valid id";
      if (issue.format === "date") return "Not a valid date (YYYY-MM-DD)";
      if (issue.format === "datetime") return "Not a valid date and time";
      return "Not in the expected format";
    case "not_multiple_of":
      return `Must be a multiple of ${issue.divisor}`;
    default:
      return undefined;
  }
}

z.config({ customError: friendlyIssueMessage });
