import { describe, expect, it } from "vitest";
import { activeHref, navEntries, navItems } from "./nav-items";

describe("navItems", () => {
  it("lists the areas in the agreed order", () => {
    expect(navItems.map((item) => item.href)).toEqual([
      "/",
      "/approvals",
      "/policies",
      "/screening",
      "/customers",
      "/accounts",
      "/quotes/new",
      "/quotes",
      "/transactions",
      "/config",
      "/webhooks",
      "/tokens",
      "/sandbox",
      "/invitations",
      "/providers",
      "/audit",
      "/team",
    ]);
  });
});

describe("navEntries", () => {
  const disabled = (entries: ReturnType<typeof navEntries>) =>
    entries.filter((entry) => !entry.allowed).map((entry) => entry.label);

  it("disables what a role may not use, with the reason", () => {
    expect(disabled(navEntries("viewer", "sandbox"))).toEqual([
      "Screening",
      "API tokens",
      "Sandbox",
      "Audit log",
    ]);
    expect(disabled(navEntries("compliance", "sandbox"))).toEqual(["API tokens", "Sandbox"]);
    expect(disabled(navEntries("developer", "sandbox"))).toEqual(["Screening", "API tokens", "Audit log"]);
    expect(disabled(navEntries("admin", "sandbox"))).toEqual([]);
    const audit = navEntries("viewer", "sandbox").find((entry) => entry.label === "Audit log");
    expect(audit?.reason).toMatch(/compliance officers and admins/i);
  });

  it("gives a locked area the reason its own page gives, not another area's", () => {
    for (const role of ["viewer", "compliance", "developer"] as const) {
      const tokens = navEntries(role, "sandbox").find((entry) => entry.label === "API tokens");
      expect(tokens?.reason).toBe("Only admins see, create and revoke the platform's API tokens.");
    }
  });

  it("leaves the sandbox out for everyone in production (it does not exist there), and nothing else", () => {
    for (const role of ["viewer", "compliance", "developer", "admin"] as const) {
      const labels = navEntries(role, "production").map((entry) => entry.label);
      expect(labels).not.toContain("Sandbox");
      expect(labels).toEqual(
        navEntries(role, "sandbox")
          .map((entry) => entry.label)
          .filter((label) => label !== "Sandbox"),
      );
    }
  });
});

describe("activeHref", () => {
  it("matches the overview only on the root", () => {
    expect(activeHref("/")).toBe("/");
    expect(activeHref("/customers")).toBe("/customers");
  });

  it("marks the area of a nested page", () => {
    expect(activeHref("/customers/cus_123/edit")).toBe("/customers");
    expect(activeHref("/transactions/")).toBe("/transactions");
    expect(activeHref("/audit?actor=ada")).toBe("/audit");
  });

  it("prefers the most specific entry", () => {
    expect(activeHref("/quotes/new")).toBe("/quotes/new");
    expect(activeHref("/quotes")).toBe("/quotes");
    expect(activeHref("/quotes/q_1")).toBe("/quotes");
  });

  it("does not match a path that only shares a prefix", () => {
    expect(activeHref("/teams")).toBeUndefined();
    expect(activeHref("/configuration")).toBeUndefined();
  });
});
