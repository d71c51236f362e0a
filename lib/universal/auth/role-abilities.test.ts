import { describe, expect, it } from "vitest";
import { can, permissions, roles } from "./permissions";
import { ABILITIES, roleAbilities, roleSummary } from "./role-abilities";

describe("roleAbilities", () => {
  it("names every permission in words", () => {
    for (const permission of permissions) expect(ABILITIES[permission]).toMatch(/^[A-Z]/);
  });

  it("follows the permission table for every role and environment", () => {
    for (const role of roles) {
      for (const environment of ["sandbox", "production"] as const) {
        for (const ability of roleAbilities(role, environment)) {
          expect(ability.granted).toBe(can(role, ability.permission, environment));
        }
      }
    }
  });

  it("marks what a role holds only because this is the sandbox", () => {
    const developer = roleAbilities("developer", "sandbox");
    expect(developer.find((a) => a.permission === "money.move")).toMatchObject({
      granted: true,
      sandboxOnly: true,
    });
    expect(developer.find((a) => a.permission === "webhooks.test")).toMatchObject({
      granted: true,
      sandboxOnly: false,
    });
    const inProduction = roleAbilities("developer", "production");
    expect(inProduction.find((a) => a.permission === "money.move")).toMatchObject({
      granted: false,
      sandboxOnly: false,
    });
  });
});

describe("roleSummary", () => {
  it("says a viewer only sees", () => {
    expect(roleSummary("viewer", "sandbox")).toBe("See payments, customers and settings; change nothing.");
  });

  it("says what a compliance officer adds to a viewer", () => {
    expect(roleSummary("compliance", "production")).toBe(
      "What a viewer sees, and approve and reject held payments, read the audit log, read screening results and look up names on the watchlists, dismiss or confirm screening matches.",
    );
  });

  it("names only what an admin alone may do", () => {
    expect(roleSummary("admin", "sandbox")).toBe(
      "Everything the other roles may do, and create, edit and delete customers, edit the platform configuration, add people, change roles, reset passwords, disable sign-in, load and refresh the watchlists.",
    );
  });

  it("leaves out what the environment does not grant", () => {
    expect(roleSummary("developer", "sandbox")).toBe(
      "What a viewer sees, and move money (in the sandbox only), send test webhooks, use the sandbox console.",
    );
    expect(roleSummary("developer", "production")).toBe("What a viewer sees, and send test webhooks.");
  });
});
