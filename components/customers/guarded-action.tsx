"use client";

import { Lock } from "lucide-react";
import Link from "next/link";
import type * as React from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { SimpleTooltip } from "@/components/ui/tooltip";
import type { Decision } from "@/lib/auth/permissions";
import { cn } from "@/lib/utils";

type GuardedButtonProps = Omit<ButtonProps, "asChild"> & {
  /** From usePermission, or any reason the action is unavailable right now (a deleted customer). */
  decision: Decision;
};

/**
 * A button that stays visible and focusable when its action is not allowed, says why in a tooltip and to screen
 * readers, and ignores presses. The server refuses the action regardless.
 */
export function GuardedButton({ decision, onClick, children, className, ...props }: GuardedButtonProps) {
  if (decision.allowed) {
    return (
      <Button onClick={onClick} className={className} {...props}>
        {children}
      </Button>
    );
  }
  const reason = decision.reason ?? "You cannot do this.";
  return (
    <SimpleTooltip content={reason}>
      <Button {...props} aria-disabled="true" className={cn("cursor-not-allowed", className)}>
        {children}
        <span className="sr-only"> ({reason})</span>
      </Button>
    </SimpleTooltip>
  );
}

/** A link styled as a button, or the same disabled button with its reason when not allowed. */
export function GuardedLink({
  decision,
  href,
  children,
  variant,
  size,
  className,
}: {
  decision: Decision;
  href: string;
  children: React.ReactNode;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
}) {
  if (decision.allowed) {
    return (
      <Button asChild variant={variant} size={size} className={className}>
        <Link href={href}>{children}</Link>
      </Button>
    );
  }
  return (
    <GuardedButton decision={decision} variant={variant} size={size} className={className}>
      {children}
    </GuardedButton>
  );
}

/** Says plainly, on the page, what this role cannot do here and why: tooltips alone reach too few people. */
export function PermissionNotice({
  reasons,
  className,
}: {
  reasons: (string | undefined)[];
  className?: string;
}) {
  const unique = [...new Set(reasons.filter((reason): reason is string => Boolean(reason)))];
  if (unique.length === 0) return null;
  return (
    <div
      role="note"
      className={cn(
        "flex items-start gap-2.5 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2.5 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300",
        className,
      )}
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="flex flex-col gap-0.5">
        <p className="font-medium text-zinc-900 dark:text-zinc-100">
          You can view this page but not change it.
        </p>
        {unique.map((reason) => (
          <p key={reason}>{reason}</p>
        ))}
      </div>
    </div>
  );
}
