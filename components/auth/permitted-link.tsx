"use client";

import type * as React from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import type { Decision } from "@/lib/universal/auth/permissions";
import { PermittedButton } from "./permitted-button";

// Apart from PermittedButton so that pages with no such link do not load next/link with it.
/** A link styled as a button when allowed; otherwise the same unavailable PermittedButton with its reason. */
export function PermittedLink({
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
    <PermittedButton decision={decision} variant={variant} size={size} className={className}>
      {children}
    </PermittedButton>
  );
}
