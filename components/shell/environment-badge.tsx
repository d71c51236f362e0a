import { FlaskConical, Radio } from "lucide-react";
import type { Environment } from "@/lib/universal/auth/permissions";
import { cn } from "@/lib/universal/utils";

/** The environment's colour: amber for the sandbox's test money, green for production's real money. */
export function environmentTone(environment: Environment): string {
  return environment === "sandbox"
    ? "border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700/60 dark:bg-amber-950 dark:text-amber-300"
    : "border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-700/60 dark:bg-emerald-950 dark:text-emerald-300";
}

/** Which payment API the console acts on; money is real only in production. */
export function EnvironmentBadge({
  environment,
  className,
}: {
  environment: Environment;
  className?: string;
}) {
  const sandbox = environment === "sandbox";
  const Icon = sandbox ? FlaskConical : Radio;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        environmentTone(environment),
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Environment: </span>
      {sandbox ? "Sandbox" : "Production"}
    </span>
  );
}
