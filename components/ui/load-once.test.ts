import { describe, expect, it, vi } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("loads once for every caller", async () => {
    const load = vi.fn(async () => "code");
    const get = loadOnce(load);
    expect(await Promise.all([get(), get(), get()])).toEqual(["code", "code", "code"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed load instead of remembering the failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce("code");
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow("offline");
    expect(await get()).toBe("code");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
