import { describe, expect, it } from "vitest";
import { passwordRefusal } from "./sign-in-audit";
import type { UserRow } from "./users";

const member = (changes: Partial<UserRow> = {}) =>
  ({ id: "u", email: "m@example.com", passwordHash: "hash", disabledAt: null, ...changes }) as UserRow;

describe("passwordRefusal", () => {
  it("says why the audit log refused a checked password sign-in, in the order a person would fix it", () => {
    expect(passwordRefusal(undefined, false)).toBe("unknown account");
    expect(passwordRefusal(member({ passwordHash: null }), false)).toBe("no password (single sign-on only)");
    expect(passwordRefusal(member(), false)).toBe("wrong password");
    // A disabled account is named only to whoever knew its password.
    expect(passwordRefusal(member({ disabledAt: new Date() }), false)).toBe("wrong password");
    expect(passwordRefusal(member({ disabledAt: new Date() }), true)).toBe("disabled");
  });

  it("refuses nothing to a member of the team with the right password", () => {
    expect(passwordRefusal(member(), true)).toBeNull();
  });
});
