import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { asTheBrowserSentIt } from "./request-origin";

const at = (headers: Record<string, string>) =>
  new NextRequest("http://localhost:3000/api/auth/callback/oidc?code=c&state=s", { headers });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("Auth.js's endpoints see the origin the browser used", () => {
  it("takes the Host header, keeping the path and query", () => {
    const seen = asTheBrowserSentIt(at({ host: "127.0.0.1:3202" }));
    expect(seen.url).toBe("http://127.0.0.1:3202/api/auth/callback/oidc?code=c&state=s");
  });

  it("keeps the body of a POST", async () => {
    const post = new NextRequest("http://localhost:3000/api/auth/signin/oidc", {
      method: "POST",
      headers: { host: "127.0.0.1:3202", "content-type": "application/x-www-form-urlencoded" },
      body: "csrfToken=t",
    });
    const seen = asTheBrowserSentIt(post);
    expect(seen.url).toBe("http://127.0.0.1:3202/api/auth/signin/oidc");
    expect(await seen.text()).toBe("csrfToken=t");
  });

  it("takes X-Forwarded-Host and X-Forwarded-Proto first, as Auth.js's server-side sign-in does", () => {
    const seen = asTheBrowserSentIt(
      at({ host: "10.0.0.5:3000", "x-forwarded-host": "console.example.com", "x-forwarded-proto": "https" }),
    );
    expect(new URL(seen.url).origin).toBe("https://console.example.com");
  });

  it("leaves the request alone with AUTH_URL set, or without a usable host", () => {
    const plain = at({});
    expect(asTheBrowserSentIt(plain)).toBe(plain);
    const broken = at({ host: "not a host" });
    expect(asTheBrowserSentIt(broken)).toBe(broken);
    vi.stubEnv("AUTH_URL", "https://console.example.com");
    const configured = at({ host: "127.0.0.1:3202" });
    expect(asTheBrowserSentIt(configured)).toBe(configured);
  });
});
