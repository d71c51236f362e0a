import { describe, expect, it } from "vitest";
import { PROXY_ROUTES } from "../relay/route-table";
import { consoleUpdateConfigBodySchema, WEBHOOK_ENDPOINT_MAX_LENGTH } from "./endpoint-limits";
import { configFormSchema } from "./form-schema";

const url = (length: number) => {
  const head = "https://example.com/";
  return head + "a".repeat(length - head.length);
};

describe("the webhook endpoint's length", () => {
  it("is at most 2,048 characters on the server, said on the field", () => {
    expect(
      consoleUpdateConfigBodySchema.safeParse({ webhookEndpoint: url(WEBHOOK_ENDPOINT_MAX_LENGTH) }).success,
    ).toBe(true);
    const refused = consoleUpdateConfigBodySchema.safeParse({ webhookEndpoint: url(5_000) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["webhookEndpoint"],
      message: "At most 2,048 characters (this one has 5,000)",
    });
  });

  it("is the same rule in the form", async () => {
    const schema = configFormSchema({ environment: "sandbox", endpointRequired: true });
    const values = { umaDomain: "pay.example.com", webhookEndpoint: url(2_049), currencies: [] };
    const parsed = await schema.safeParseAsync(values);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((issue) => issue.path[0] === "webhookEndpoint")?.message).toBe(
      "At most 2,048 characters (this one has 2,049)",
    );
  });

  it("is what the relay checks a PATCH /config against", () => {
    const route = PROXY_ROUTES.find((each) => each.method === "PATCH" && each.path === "/config");
    expect(route?.body?.safeParse({ webhookEndpoint: url(2_049) }).success).toBe(false);
    expect(route?.body?.safeParse({ webhookEndpoint: url(2_048) }).success).toBe(true);
  });
});
