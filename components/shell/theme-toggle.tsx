"use client";

import { Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { Button } from "@/components/ui/button";
import { SimpleTooltip } from "@/components/ui/tooltip";
import { useHydrated } from "@/components/ui/use-hydrated";

const SWITCHING = "theme-switching";

/**
 * Runs a theme switch with every transition off (app/globals.css, `.theme-switching`) until the page has been drawn
 * once in the new theme: next-themes puts the new class on <html> in an effect of the render `apply` starts, which a
 * click's update runs before the next frame.
 */
function switchAtOnce(apply: () => void) {
  const root = document.documentElement;
  root.classList.add(SWITCHING);
  apply();
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove(SWITCHING)));
}

export function ThemeToggle() {
  const { resolvedTheme, setTheme } = useTheme();
  const hydrated = useHydrated();
  const dark = hydrated && resolvedTheme === "dark";
  return (
    <SimpleTooltip content={dark ? "Switch to light mode" : "Switch to dark mode"}>
      <Button
        variant="ghost"
        size="icon"
        aria-pressed={hydrated ? dark : undefined}
        onClick={() => switchAtOnce(() => setTheme(dark ? "light" : "dark"))}
      >
        {/* CSS picks the icon, so it is right before hydration too. */}
        <Moon aria-hidden="true" className="dark:hidden" />
        <Sun aria-hidden="true" className="hidden dark:block" />
        <span className="sr-only">Dark mode</span>
      </Button>
    </SimpleTooltip>
  );
}
