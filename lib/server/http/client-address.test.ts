import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress, forwardedClientAddress } from "./client-address";

describe("forwardedClientAddress", () => {
  it("takes the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(forwardedClientAddress("198.51.100.9", "203.0.113.1", 0)).toBe("198.51.100.9");
    expect(forwardedClientAddress("198.51.100.9", ["203.0.113.1", "203.0.113.2"], 0)).toBe("198.51.100.9");
    expect(forwardedClientAddress("198.51.100.9", undefined, 0)).toBe("198.51.100.9");
  });

  it("takes the Nth entry from the right behind N trusted proxies, never a client-written one further left", () => {
    // The client wrote 1.1.1.1; the outer proxy appended what it saw (203.0.113.5), the inner one 10.0.0.2.
    const forwarded = "1.1.1.1, 203.0.113.5, 10.0.0.2";
    expect(forwardedClientAddress("10.0.0.3", forwarded, 1)).toBe("10.0.0.2");
    expect(forwardedClientAddress("10.0.0.3", forwarded, 2)).toBe("203.0.113.5");
    // Several headers count as one list, in order.
    expect(forwardedClientAddress("10.0.0.3", ["1.1.1.1", "203.0.113.5,10.0.0.2"], 2)).toBe("203.0.113.5");
  });

  it("takes the leftmost entry when there are fewer than the trusted hops", () => {
    expect(forwardedClientAddress("10.0.0.3", "203.0.113.5", 3)).toBe("203.0.113.5");
    expect(forwardedClientAddress("10.0.0.3", undefined, 2)).toBe("10.0.0.3");
  });

  it("writes an IPv4 client of a dual-stack socket as IPv4, and says when there is no address", () => {
    expect(forwardedClientAddress("::ffff:127.0.0.1", undefined, 0)).toBe("127.0.0.1");
    expect(forwardedClientAddress("::1", undefined, 0)).toBe("::1");
    expect(forwardedClientAddress(undefined, undefined, 0)).toBe("unknown");
    expect(forwardedClientAddress("10.0.0.3", " , ", 1)).toBe("10.0.0.3");
  });
});

describe("clientAddress", () => {
  it("reads only the header server.ts stamps, never the client's forwarding headers", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.1", "x-real-ip": "203.0.113.2" }))).toBe(
      "unknown",
    );
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "198.51.100.9" }))).toBe("198.51.100.9");
  });
});
