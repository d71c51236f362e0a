import { describe, expect, it } from "vitest";
import { choosePlatform, type DispatchRules } from "./platform-dispatch";

const basic = (id: string, secret = "s") => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

function rules(productionTokens: string[] = [], failLookup = false) {
  const lookedUp: string[] = [];
  const value: DispatchRules = {
    sandboxTokenId: "sandbox_id",
    productionTokenId: "production_id",
    async productionHoldsToken(clientId) {
      lookedUp.push(clientId);
      if (failLookup) throw new Error("database down");
      return productionTokens.includes(clientId);
    },
  };
  return { value, lookedUp };
}

describe("choosePlatform", () => {
  it("sends the production credential to production and the sandbox one to sandbox, without a lookup", async () => {
    const { value, lookedUp } = rules();
    expect(await choosePlatform("/2025-10-13/customers", basic("production_id"), value)).toEqual({
      platform: "production",
      url: "/2025-10-13/customers",
    });
    expect(await choosePlatform("/2025-10-13/customers", basic("sandbox_id"), value)).toEqual({
      platform: "sandbox",
      url: "/2025-10-13/customers",
    });
    expect(lookedUp).toEqual([]);
  });

  it("sends an API token to the platform whose tokens table holds it", async () => {
    const { value, lookedUp } = rules(["tok_prod"]);
    expect((await choosePlatform("/2025-10-13/config", basic("tok_prod"), value)).platform).toBe(
      "production",
    );
    expect((await choosePlatform("/2025-10-13/config", basic("tok_other"), value)).platform).toBe("sandbox");
    expect(lookedUp).toEqual(["tok_prod", "tok_other"]);
  });

  it("sends no, malformed or unknown credentials to the sandbox (which answers 401), looking nothing up", async () => {
    const { value, lookedUp } = rules();
    for (const header of [undefined, "", "Bearer x", "Basic !!!", basic("someone"), basic("x".repeat(200))]) {
      expect((await choosePlatform("/2025-10-13/customers", header, value)).platform).toBe("sandbox");
    }
    expect((await choosePlatform("/_local/health/ready", undefined, value)).platform).toBe("sandbox");
    expect((await choosePlatform("/hosted/kyc/abc", undefined, value)).platform).toBe("sandbox");
    expect(lookedUp).toEqual([]);
  });

  it("sends the production prefix to production without it, whatever the credential", async () => {
    const { value } = rules();
    expect(await choosePlatform("/production/hosted/kyc/abc?x=1", undefined, value)).toEqual({
      platform: "production",
      url: "/hosted/kyc/abc?x=1",
    });
    expect(await choosePlatform("/production", basic("sandbox_id"), value)).toEqual({
      platform: "production",
      url: "/",
    });
    expect((await choosePlatform("/productionx/hosted", undefined, value)).platform).toBe("sandbox");
  });

  it("sends a token to production when the lookup fails, where its own lookup answers 503", async () => {
    const { value } = rules([], true);
    expect((await choosePlatform("/2025-10-13/customers", basic("tok_abc"), value)).platform).toBe(
      "production",
    );
  });
});
