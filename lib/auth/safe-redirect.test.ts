import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./safe-redirect";

describe("safeCallbackPath", () => {
  it("keeps paths inside the console", () => {
    expect(safeCallbackPath("/approvals?status=PENDING")).toBe("/approvals?status=PENDING");
  });

  it.each([
    "https://evil.example",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
    "/login",
    "/api/payments/config",
    42,
    undefined,
  ])("sends %s home", (value) => {
    expect(safeCallbackPath(value)).toBe("/");
  });
});
