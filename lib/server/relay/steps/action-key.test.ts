import { describe, expect, it } from "vitest";
import { PROXY_ROUTES } from "../../../universal/relay/route-table";
import { withoutSecrets } from "./action-key";

describe("withoutSecrets", () => {
  it("keeps an answer for repeats without the fields that are secrets shown once", () => {
    const answer = JSON.stringify({ id: "Token:1", clientId: "tok_1", clientSecret: "s3cret" });
    const kept = withoutSecrets(answer, ["clientSecret"]);
    expect(JSON.parse(kept)).toEqual({ id: "Token:1", clientId: "tok_1" });
    expect(kept).not.toContain("s3cret");
    expect(withoutSecrets(answer, undefined)).toBe(answer);
    expect(withoutSecrets("not json s3cret", ["clientSecret"])).toBe("");
  });

  it("is asked for by the route that creates API tokens", () => {
    const create = PROXY_ROUTES.find((route) => route.method === "POST" && route.path === "/tokens");
    expect(create?.secretFields).toEqual(["clientSecret"]);
  });
});
