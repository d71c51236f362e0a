import { describe, expect, it } from "vitest";
import { authRedirect, consolePath, safeCallbackPath } from "./safe-redirect";

// Where a browser goes when the console (at this origin) sends it to `target`: the browser's own URL parsing.
const CONSOLE = "http://127.0.0.1:3000";
const landsOn = (target: string) => new URL(target, `${CONSOLE}/login`).origin;

// Forms that a browser reads as another host, as the query parameter arrives and once decoded.
const ELSEWHERE = [
  "https://evil.example",
  "//evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example/phish",
  "/\r/evil.example/phish",
  "/\n/evil.example/phish",
  "/\r\n/evil.example/phish",
  "\t//evil.example",
  " //evil.example",
  "/\t\\evil.example",
  "/\\\tevil.example",
  "/\\\\evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/\t./\t/evil.example",
  "/../\t/evil.example",
  "http:evil.example",
  "http:/\\evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  decodeURIComponent("%2F%09%2Fevil.example%2Fphish"),
  decodeURIComponent("%2F%0A%2Fevil.example%2Fphish"),
  decodeURIComponent("%2F%0D%2Fevil.example%2Fphish"),
  decodeURIComponent("%2F%5C%09evil.example"),
  decodeURIComponent("%2F%0D%0A%5C%5Cevil.example"),
];

describe("safeCallbackPath", () => {
  it.each([
    ["/approvals?status=PENDING", "/approvals?status=PENDING"],
    ["/transactions/Transaction:1#events", "/transactions/Transaction:1#events"],
    // Percent-encoded slashes stay encoded: a path on the console, never decoded into another host.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
    // What a browser would make of it: tab and newline dropped.
    ["/appro\tvals", "/approvals"],
    ["/a/../customers", "/customers"],
  ])("keeps %j on the console as %j", (value, expected) => {
    expect(safeCallbackPath(value)).toBe(expected);
  });

  it.each([
    ...ELSEWHERE,
    // Still encoded: not a path (the page reads the query parameter decoded once).
    "%2F%09%2Fevil.example%2Fphish",
    "%2F%2Fevil.example",
    "/login",
    "/login?callbackUrl=%2F",
    "/\tlogin",
    "/api/payments/config",
    `/${"a".repeat(2048)}`,
    42,
    undefined,
    null,
  ])("sends %j home", (value) => {
    expect(safeCallbackPath(value)).toBe("/");
  });

  it.each(ELSEWHERE)("never gives a browser another host for %j", (value) => {
    expect(landsOn(safeCallbackPath(value))).toBe(CONSOLE);
  });
});

describe("consolePath", () => {
  it("gives a form that parses to itself", () => {
    for (const value of ["/a\t/b", "/a/./b", "/a?b=\nc"]) {
      const path = consolePath(value);
      expect(path).not.toBeNull();
      expect(consolePath(path)).toBe(path);
    }
  });
});

describe("authRedirect (Auth.js's redirect callback)", () => {
  it.each([
    ["/approvals", `${CONSOLE}/approvals`],
    ["/login", `${CONSOLE}/login`],
    [`${CONSOLE}/customers?x=1`, `${CONSOLE}/customers?x=1`],
    ["http://127.0.0.1:3001/customers", `${CONSOLE}/`],
  ])("%j → %j", (url, expected) => {
    expect(authRedirect({ url, baseUrl: CONSOLE })).toBe(expected);
  });

  it.each([...ELSEWHERE, `${CONSOLE}/\t/evil.example`, `${CONSOLE}//evil.example`])(
    "keeps %j on the console",
    (url) => {
      const target = authRedirect({ url, baseUrl: CONSOLE });
      expect(target).toBe(`${CONSOLE}/`);
      expect(landsOn(target)).toBe(CONSOLE);
    },
  );
});
