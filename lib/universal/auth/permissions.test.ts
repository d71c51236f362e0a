import { describe, expect, it } from "vitest";
import { DESIGN_TABLE } from "./design-roles";
import { can, decide, grantedPermissions, type Permission } from "./permissions";

const TABLE = DESIGN_TABLE;

describe("role → permission table", () => {
  for (const [permission, allowed] of Object.entries(TABLE) as [Permission, (typeof TABLE)[Permission]][]) {
    for (const environment of ["sandbox", "production"] as const) {
      it(`${permission} in ${environment} is granted to exactly ${allowed[environment].join(", ") || "nobody"}`, () => {
        const granted = (["viewer", "compliance", "developer", "admin"] as const).filter((role) =>
          can(role, permission, environment),
        );
        expect(granted).toEqual(allowed[environment]);
      });
    }
  }

  it("says why a permission is refused", () => {
    expect(decide("viewer", "approvals.decide", "sandbox")).toEqual({
      allowed: false,
      reason: expect.stringContaining("compliance"),
    });
    expect(decide("admin", "sandbox.use", "production").reason).toBe(
      "This exists only in the sandbox environment.",
    );
  });

  it("tells a developer in production that moving money is an admin's there, not that it exists only in the sandbox", () => {
    expect(decide("developer", "money.move", "production")).toEqual({
      allowed: false,
      reason: "Only admins move money (developers only in the sandbox). This is production.",
    });
  });

  it("lists a viewer's permissions as read only", () => {
    expect(grantedPermissions("viewer", "sandbox")).toEqual(["read"]);
  });
});
