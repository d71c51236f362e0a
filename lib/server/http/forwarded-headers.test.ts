import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { normaliseForwardedHeaders } from "./forwarded-headers";

const normalised = (headers: IncomingHttpHeaders) => {
  const copy = { ...headers };
  normaliseForwardedHeaders(copy);
  return { proto: copy["x-forwarded-proto"], host: copy["x-forwarded-host"] };
};

describe("normaliseForwardedHeaders", () => {
  it("keeps one scheme, the first, in lower case, and only http or https", () => {
    expect(normalised({ "x-forwarded-proto": "https" }).proto).toBe("https");
    expect(normalised({ "x-forwarded-proto": "https, http" }).proto).toBe("https");
    expect(normalised({ "x-forwarded-proto": " HTTP ,https" }).proto).toBe("http");
    for (const bad of ["gopher", "javascript", "", "https:", "ht tp"]) {
      expect(normalised({ "x-forwarded-proto": bad }).proto).toBeUndefined();
    }
    expect(normalised({}).proto).toBeUndefined();
  });

  it("keeps one host, the first, and only one that can follow https://", () => {
    expect(normalised({ "x-forwarded-host": "console.example.com" }).host).toBe("console.example.com");
    expect(normalised({ "x-forwarded-host": "console.example.com:8443, 10.0.0.5" }).host).toBe(
      "console.example.com:8443",
    );
    expect(normalised({ "x-forwarded-host": "[::1]:3000" }).host).toBe("[::1]:3000");
    expect(normalised({ "x-forwarded-host": "127.0.0.1" }).host).toBe("127.0.0.1");
    for (const bad of ["a b", "%ZZ", "evil.example/path", "user@evil.example", "", "host:port", "a..b"]) {
      expect(normalised({ "x-forwarded-host": bad }).host).toBeUndefined();
    }
  });

  it("builds a URL from whatever it keeps", () => {
    for (const [proto, host] of [
      ["https, http", "console.example.com, proxy"],
      ["HTTPS", "[::1]:3000"],
      ["http", "xn--bcher-kva.example."],
    ]) {
      const kept = normalised({ "x-forwarded-proto": proto, "x-forwarded-host": host });
      expect(() => new URL(`${kept.proto}://${kept.host}`)).not.toThrow();
    }
  });
});
