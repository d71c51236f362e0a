import { describe, expect, it } from "vitest";
import { cn, focusRing } from "./utils";

describe("cn", () => {
  it("lets a later class override an earlier one of the same group, per variant", () => {
    expect(cn("h-9 w-full px-4 text-sm", "h-8 px-2 text-xs")).toBe("w-full h-8 px-2 text-xs");
    expect(cn("dark:text-zinc-100 text-zinc-900", "dark:text-zinc-400")).toBe(
      "text-zinc-900 dark:text-zinc-400",
    );
    expect(cn("p-5 pb-0", "pb-4")).toBe("p-5 pb-4");
    expect(cn("size-4", false, undefined, "size-3.5")).toBe("size-3.5");
  });

  it("merges the console's own brand colours as colours, never as sizes", () => {
    // A brand colour and a size share the text- prefix; both stay.
    expect(cn("text-sm text-brand-600")).toBe("text-sm text-brand-600");
    expect(cn("text-zinc-700", "text-brand-600 dark:text-brand-400")).toBe(
      "text-brand-600 dark:text-brand-400",
    );
    expect(cn("bg-brand-600 hover:bg-brand-700", "bg-red-600 hover:bg-red-700")).toBe(
      "bg-red-600 hover:bg-red-700",
    );
    expect(cn("border-brand-500", "border-2")).toBe("border-brand-500 border-2");
  });

  it("lets a button variant replace the focus ring's brand colour and keep the rest", () => {
    expect(cn(focusRing, "focus-visible:ring-red-500")).toBe(
      "outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-zinc-950 focus-visible:ring-red-500",
    );
  });
});
