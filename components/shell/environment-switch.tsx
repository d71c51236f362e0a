"use client";

import { Check, ChevronDown, FlaskConical, Radio } from "lucide-react";
import { usePathname } from "next/navigation";
import * as React from "react";
import { useViewer } from "@/components/auth/permissions-context";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/lazy-dropdown-menu";
import { toast } from "@/components/ui/toast";
import { consoleCall } from "@/lib/client/api/client";
import type { Environment } from "@/lib/universal/auth/permissions";
import { environmentLabel } from "@/lib/universal/environments/names";
import { cn } from "@/lib/universal/utils";
import { environmentTone } from "./environment-badge";
import { switchDestination } from "./environment-destination";
import { navEntries } from "./nav-items";

const DESCRIPTIONS: Record<Environment, string> = {
  sandbox: "Test money and simulated payments",
  production: "Real money and real customers",
};

/**
 * The top bar's environment switch (as a dashboard's test-mode switch): the environment's name and colour always
 * visible, and a menu to act on the other one. A switch reloads the whole console in that environment, on the same
 * area of it (a record of one environment does not exist in the other), so nothing of the other stays on screen.
 */
export function EnvironmentSwitch({
  environment,
  available,
}: {
  environment: Environment;
  available: readonly Environment[];
}) {
  const pathname = usePathname();
  const { role } = useViewer();
  const [switching, setSwitching] = React.useState<Environment | null>(null);
  const Icon = environment === "sandbox" ? FlaskConical : Radio;

  async function switchTo(target: Environment) {
    if (target === environment || switching) return;
    setSwitching(target);
    try {
      await consoleCall("PUT /api/environment", { body: { environment: target } });
      // The areas the person may open there, to land on one that exists in that environment.
      const areas = navEntries(role, target)
        .filter((entry) => entry.allowed)
        .map((entry) => entry.href);
      window.location.assign(switchDestination(pathname, areas));
    } catch (error) {
      setSwitching(null);
      toast.error(
        error instanceof Error ? error.message : `Could not switch to ${environmentLabel(target)}.`,
      );
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Environment: ${environmentLabel(environment)}. Switch environment`}
        className={cn(
          "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-zinc-400",
          environmentTone(environment),
        )}
      >
        <Icon aria-hidden="true" className="size-3.5" />
        {switching ? `Switching to ${environmentLabel(switching)}…` : environmentLabel(environment)}
        <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
          Switch environment
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {available.map((option) => (
          <DropdownMenuItem
            key={option}
            onSelect={() => void switchTo(option)}
            aria-current={option === environment ? "true" : undefined}
            className="items-start gap-2"
          >
            <span
              aria-hidden="true"
              className={cn("mt-1 size-2.5 shrink-0 rounded-full border", environmentTone(option))}
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium">{environmentLabel(option)}</span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{DESCRIPTIONS[option]}</span>
            </span>
            {option === environment ? <Check aria-label="current" className="mt-0.5 size-4" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
