import { decode, encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { authErrorLevel } from "./auth-error-level";

/**
 * An Auth.js error as @auth/core/errors builds it: its `type` from the class, and an Error it wraps kept as
 * `cause.err` (`new JWTSessionError(e)` in its session action). Its classes cannot be imported outside Next.js.
 */
function authJsError(type: string, wrapped?: unknown): Error {
  return Object.assign(new Error(`${type}. Read more at https://errors.authjs.dev`), {
    type,
    ...(wrapped === undefined ? {} : { cause: { err: wrapped } }),
  });
}

const SECRET = "a-test-secret-of-enough-length-for-auth-js-0123456789";
const SALT = "authjs.session-token";

/** What Auth.js logs when it reads a session cookie: the decode's failure, wrapped as it wraps it. */
async function sessionReadFailure(token: string, secret = SECRET): Promise<unknown> {
  try {
    await decode({ token, secret, salt: SALT });
  } catch (error) {
    return authJsError("JWTSessionError", error);
  }
  throw new Error("the cookie was read");
}

describe("authErrorLevel", () => {
  it("logs a session cookie past its idle time as information, not an error", async () => {
    // Expired a minute ago: beyond the 15 s Auth.js allows for clocks apart.
    const expired = await encode({ token: { uid: "u1" }, secret: SECRET, salt: SALT, maxAge: -60 });
    expect(authErrorLevel(await sessionReadFailure(expired))).toBe("info");
  });

  it("keeps a cookie that does not decrypt (another secret, a forged or broken token) an error", async () => {
    const foreign = await encode({ token: { uid: "u1" }, secret: `${SECRET}-other`, salt: SALT });
    expect(authErrorLevel(await sessionReadFailure(foreign))).toBe("error");
    expect(authErrorLevel(await sessionReadFailure("not.a.token.at.all"))).toBe("error");
    const valid = await encode({ token: { uid: "u1" }, secret: SECRET, salt: SALT });
    const tampered = `${valid.slice(0, -4)}${valid.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(authErrorLevel(await sessionReadFailure(tampered))).toBe("error");
  });

  it("says nothing of a wrong password, and keeps every other Auth.js error an error", () => {
    expect(authErrorLevel(authJsError("CredentialsSignin"))).toBe("silent");
    expect(authErrorLevel(authJsError("AdapterError", new Error("the database")))).toBe("error");
    expect(authErrorLevel(authJsError("JWTSessionError"))).toBe("error");
    expect(authErrorLevel("a string")).toBe("error");
  });
});
