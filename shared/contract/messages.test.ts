import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bankAccountInfoInputSchema } from "./bank-account";

const message = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a failure");
  return result.error.issues[0]?.message;
};

describe("zod's default messages, in a person's words", () => {
  it.each([
    [z.string().max(120), "x".repeat(121), "At most 120 characters"],
    [z.string().min(1), "", "Required"],
    [z.string().min(12), "short", "At least 12 characters"],
    [z.array(z.string()).min(1), [], "Choose at least one"],
    [z.array(z.string()).max(2), ["a", "b", "c"], "At most 2 items"],
    [z.number().max(10), 11, "At most 10"],
    [z.number().positive(), 0, "Must be more than 0"],
    [z.int(), 1.5, "Must be a whole number"],
    [z.enum(["CHECKING", "SAVINGS"]), "LOAN", "Must be one of “CHECKING”, “SAVINGS”"],
    [z.enum(["CHECKING", "SAVINGS"]), "", "Required"],
    [z.string(), undefined, "Required"],
    [z.string(), 5, "Must be a string"],
    [z.array(z.string()), "a", "Must be an array"],
    [z.object({}), 5, "Must be an object"],
    [z.email(), "not-an-address", "Not a valid email address"],
  ] as const)("%o given %o says %s", (schema, input, expected) => {
    expect(message(schema as z.ZodType, input)).toBe(expected);
  });

  it("leaves a schema's own message as it wrote it", () => {
    expect(message(z.string().max(3, "Three letters at most"), "four")).toBe("Three letters at most");
  });

  it("reads a contract schema's refusal as a person would (an account category left unchosen)", () => {
    const messages = bankAccountInfoInputSchema.safeParse({
      accountType: "US_ACCOUNT",
      accountNumber: "123456789",
      routingNumber: "021000021",
      bankName: "Chase",
      accountCategory: "",
    });
    expect(messages.success).toBe(false);
    expect(JSON.stringify(messages.error?.issues.map((issue) => issue.message))).not.toMatch(
      /Invalid option|expected one of/,
    );
  });
});
