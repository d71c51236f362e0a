import { describe, expect, it } from "vitest";
import { roles } from "../auth/permissions";
import {
  changeNeedsSecondAdmin,
  isPrivilegedRole,
  permissionsGained,
  raiseReplacesPassword,
  raisesPrivileges,
} from "./privileges";

describe("raisesPrivileges", () => {
  it("is a raise whenever the new role gains any permission the old one lacked", () => {
    expect(raisesPrivileges("viewer", "developer")).toBe(true);
    expect(raisesPrivileges("developer", "compliance")).toBe(true);
    expect(raisesPrivileges("compliance", "admin")).toBe(true);
    expect(raisesPrivileges("viewer", "admin")).toBe(true);
    // Sideways is a raise too: compliance gains money movement and webhook tests as a developer.
    expect(raisesPrivileges("compliance", "developer")).toBe(true);
    expect(permissionsGained("compliance", "developer")).toEqual(
      expect.arrayContaining(["money.move", "webhooks.test", "sandbox.use"]),
    );
  });

  it("is not a raise to lower a role or keep it", () => {
    for (const role of roles) {
      expect(raisesPrivileges(role, role)).toBe(false);
      expect(raisesPrivileges(role, "viewer")).toBe(false);
      expect(raisesPrivileges("admin", role)).toBe(false);
    }
  });
});

describe("isPrivilegedRole", () => {
  it("marks the roles that can be someone's second person", () => {
    expect(roles.filter(isPrivilegedRole)).toEqual(["compliance", "admin"]);
  });
});

describe("changeNeedsSecondAdmin", () => {
  const active = (role: (typeof roles)[number]) => ({ role, disabled: false });
  it("needs a second admin to raise a role or to enable a disabled privileged account", () => {
    expect(changeNeedsSecondAdmin(active("viewer"), { role: "admin" })).toBe(true);
    expect(changeNeedsSecondAdmin(active("developer"), { role: "compliance", name: "X" })).toBe(true);
    expect(changeNeedsSecondAdmin({ role: "admin", disabled: true }, { disabled: false })).toBe(true);
  });

  it("applies at once what makes things stricter", () => {
    expect(changeNeedsSecondAdmin(active("admin"), { role: "viewer" })).toBe(false);
    expect(changeNeedsSecondAdmin(active("admin"), { disabled: true })).toBe(false);
    expect(changeNeedsSecondAdmin(active("compliance"), { name: "New name" })).toBe(false);
    expect(changeNeedsSecondAdmin({ role: "viewer", disabled: true }, { disabled: false })).toBe(false);
  });
});

describe("raiseReplacesPassword", () => {
  it("replaces the password of a raise into a role that can be someone's second person", () => {
    expect(raiseReplacesPassword("viewer", "compliance")).toBe(true);
    expect(raiseReplacesPassword("viewer", "admin")).toBe(true);
    expect(raiseReplacesPassword("developer", "compliance")).toBe(true);
    expect(raiseReplacesPassword("compliance", "admin")).toBe(true);
  });

  it("leaves it for a raise that stays outside those roles, a lowering, or no role change", () => {
    expect(raiseReplacesPassword("viewer", "developer")).toBe(false);
    expect(raiseReplacesPassword("admin", "compliance")).toBe(false);
    expect(raiseReplacesPassword("compliance", "compliance")).toBe(false);
    expect(raiseReplacesPassword("admin", "viewer")).toBe(false);
    expect(raiseReplacesPassword("viewer", undefined)).toBe(false);
  });
});
