import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE, deviceCookieOptions, issueDeviceCookie, knownDevice } from "./device-cookie";

const SECRET = "a-session-secret-of-at-least-32-characters";
const header = (value: string) => `authjs.csrf-token=x; ${DEVICE_COOKIE}=${value}; other=y`;

describe("device cookie", () => {
  it("names a known device of the account it was issued for", () => {
    const value = issueDeviceCookie(SECRET, "Ana@Example.com");
    const device = knownDevice(header(value), SECRET, "ana@example.com");
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(value.split(".")[1]).toBe(device);
    expect(issueDeviceCookie(SECRET, "ana@example.com").split(".")[1]).not.toBe(device);
  });

  it("is worth nothing for another account, under another secret, once expired, or altered", () => {
    const now = Date.UTC(2026, 10, 1);
    const value = issueDeviceCookie(SECRET, "ana@example.com", now);
    expect(knownDevice(header(value), SECRET, "ana@example.com", now)).not.toBeNull();
    expect(knownDevice(header(value), SECRET, "bo@example.com", now)).toBeNull();
    expect(knownDevice(header(value), `${SECRET}!`, "ana@example.com", now)).toBeNull();
    expect(knownDevice(header(value), SECRET, "ana@example.com", now + 91 * 86_400_000)).toBeNull();
    expect(knownDevice(header(value), SECRET, "ana@example.com", now + 89 * 86_400_000)).not.toBeNull();
    const [version, id, issued, mac] = value.split(".");
    const otherId = `${id?.slice(0, -1)}${id?.endsWith("A") ? "B" : "A"}`;
    for (const forged of [
      `${version}.${otherId}.${issued}.${mac}`,
      `${version}.${id}.${Number(issued) + 1}.${mac}`,
      `${version}.${id}.${issued}.${mac?.slice(0, -2)}`,
      `${version}.${id}.${issued}`,
      `v2.${id}.${issued}.${mac}`,
      `${value}.extra`,
      "",
    ]) {
      expect(knownDevice(header(forged), SECRET, "ana@example.com", now), forged).toBeNull();
    }
    expect(knownDevice(null, SECRET, "ana@example.com", now)).toBeNull();
  });

  it("is HttpOnly, for the whole console, and Secure over https", () => {
    expect(deviceCookieOptions(true)).toMatchObject({
      httpOnly: true,
      secure: true,
      path: "/",
      sameSite: "lax",
    });
    expect(deviceCookieOptions(false).secure).toBe(false);
  });
});
