import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { lazyZodResolver } from "./lazy-zod-resolver";

const schema = z.object({ email: z.email("Enter a valid email address"), name: z.string().trim().min(1) });
type Values = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyZodResolver", () => {
  it("answers exactly as zodResolver with the same schema", async () => {
    const lazy = lazyZodResolver<Values, z.output<typeof schema>>(async () => schema);
    for (const values of [
      { email: "nope", name: "" },
      { email: "ana@example.com", name: "  Ana " },
    ]) {
      expect(await lazy(values, undefined, options)).toEqual(
        await zodResolver(schema)(values, undefined, options),
      );
    }
  });

  it("loads the schema once, on first use or preload, and again after a failed load", async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(schema);
    const lazy = lazyZodResolver<Values, z.output<typeof schema>>(load);
    expect(load).not.toHaveBeenCalled();
    await expect(lazy({ email: "a@b.co", name: "A" }, undefined, options)).rejects.toThrow("offline");
    lazy.preload();
    await lazy({ email: "a@b.co", name: "A" }, undefined, options);
    await lazy({ email: "x", name: "" }, undefined, options);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("builds the schema at every validation when the rules follow the form", async () => {
    let min = 1;
    const lazy = lazyZodResolver(async () => z.object({ n: z.number().min(min) }), { perValidation: true });
    expect((await lazy({ n: 2 }, undefined, options)).errors).toEqual({});
    min = 3;
    expect(Object.keys((await lazy({ n: 2 }, undefined, options)).errors)).toEqual(["n"]);
  });
});
