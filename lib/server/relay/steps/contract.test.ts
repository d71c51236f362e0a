import { describe, expect, it } from "vitest";
import { ApiError } from "../../../../shared/api-error";
import { PROXY_ROUTES, type ProxyRoute } from "../../../universal/relay/route-table";
import { checkJsonBody, checkQuery } from "./contract";

function route(method: string, path: string): ProxyRoute {
  const found = PROXY_ROUTES.find((entry) => entry.method === method && entry.path === path);
  if (!found) throw new Error(`no route ${method} ${path}`);
  return found;
}

function refusal(check: () => unknown): ApiError {
  try {
    check();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("the relay's contract step", () => {
  it("checks a query against the route's schema, naming the fields it refuses", () => {
    expect(() => checkQuery(route("GET", "/transactions"), new URLSearchParams("limit=20"))).not.toThrow();
    const error = refusal(() => checkQuery(route("GET", "/transactions"), new URLSearchParams("unknown=1")));
    expect([error.status, error.code, error.message]).toEqual([
      400,
      "INVALID_INPUT",
      "The query has invalid or unknown parameters.",
    ]);
    expect(error.details).toBeDefined();
  });

  it("refuses any query on a route that takes none, except the local service's own", () => {
    const error = refusal(() => checkQuery(route("GET", "/config"), new URLSearchParams("a=1")));
    expect(error.message).toBe("This route takes no query parameters.");
    expect(() => checkQuery(route("GET", "/_local/clock"), new URLSearchParams("a=1"))).not.toThrow();
  });

  it("passes the JSON text as it came once the schema accepts it", () => {
    const text = '{ "umaDomain":"example.com" }';
    expect(checkJsonBody(route("PATCH", "/config"), text, "application/json; charset=utf-8")).toEqual({
      text,
      parsed: { umaDomain: "example.com" },
    });
  });

  it("sends nothing for an empty body of a route without one, and {} for a route with one", () => {
    expect(checkJsonBody(route("POST", "/webhooks/test"), "  ", null)).toBeNull();
    expect(checkJsonBody(route("PATCH", "/config"), "", null)).toEqual({ text: "{}", parsed: {} });
  });

  it("refuses a body that is not JSON, is not sent as JSON, fails the schema or holds unstorable text", () => {
    const config = route("PATCH", "/config");
    expect(refusal(() => checkJsonBody(config, "{}", "text/plain")).status).toBe(415);
    expect(refusal(() => checkJsonBody(config, "{", "application/json")).message).toBe(
      "The request body is not valid JSON.",
    );
    expect(refusal(() => checkJsonBody(config, '{"colour":"x"}', "application/json")).message).toBe(
      "Some fields are not valid.",
    );
    expect(
      refusal(() => checkJsonBody(config, '{"umaDomain":"a\\u0000"}', "application/json")).details,
    ).toEqual({
      fields: [{ path: "umaDomain", message: "Remove the NUL or unpaired surrogate characters" }],
    });
  });

  it("refuses 50,000-deep JSON with 400 on every route that takes a body, never a stack overflow (issue 46 item 12)", () => {
    const depth = 50_000;
    const bodies = ["[".repeat(depth) + "]".repeat(depth), `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`];
    const withBody = PROXY_ROUTES.filter((entry) => entry.body !== undefined);
    expect(withBody.length).toBeGreaterThan(0);
    for (const entry of withBody) {
      for (const body of bodies) {
        const error = refusal(() => checkJsonBody(entry, body, "application/json"));
        expect([error.status, error.code], `${entry.method} ${entry.path}`).toEqual([400, "INVALID_INPUT"]);
      }
    }
  });
});
