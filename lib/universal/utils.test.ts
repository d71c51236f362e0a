import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn, focusRing, mergedVariants } from "./utils";

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

describe("cn without anything to merge", () => {
  it("returns one class string as it was written, and merges as soon as a second input comes", () => {
    // Written once: nothing overrides it, so it is not read class by class (the e2e spec checks every page's DOM).
    const written = "px-2 text-sm  px-4";
    expect(cn(written)).toBe(written);
    expect(cn(undefined, written, false)).toBe(written);
    expect(cn(written, "")).toBe(written);
    expect(cn(written, "py-1")).toBe("text-sm px-4 py-1");
    expect(cn(["px-2", "px-4"])).toBe("px-4");
    expect(cn({ "px-2": true, "px-4": true })).toBe("px-4");
  });
});

describe("mergedVariants", () => {
  it("merges a variant over its base once, and gives the same text again", () => {
    let calls = 0;
    const variants = (props?: { tone?: "danger" }) => {
      calls++;
      return `${focusRing} h-9 px-4${props?.tone === "danger" ? " focus-visible:ring-red-500 h-auto px-0" : ""}`;
    };
    const classes = mergedVariants(variants);
    const danger = classes({ tone: "danger" });
    expect(danger).toBe(twMerge(variants({ tone: "danger" })));
    expect(danger).toContain("focus-visible:ring-red-500");
    expect(danger).not.toContain("ring-brand-500");
    expect(danger).not.toMatch(/\bh-9\b|\bpx-4\b/);
    expect(classes({ tone: "danger" })).toBe(danger);
    expect(classes()).toBe(twMerge(variants()));
    expect(calls).toBe(4);
    classes();
    expect(calls).toBe(4);
  });
});
