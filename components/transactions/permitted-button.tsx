"use client";

import type * as React from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { SimpleTooltip } from "@/components/ui/tooltip";

/**
 * A button for an action a role may not take: still focusable and announced as unavailable (aria-disabled), with
 * the reason as its tooltip. The page also says the reason in text, for people who never hover.
 */
export function PermittedButton({
  allowed,
  reason,
  onClick,
  children,
  ...props
}: ButtonProps & { allowed: boolean; reason?: string | undefined; children: React.ReactNode }) {
  if (allowed) {
    return (
      <Button onClick={onClick} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <SimpleTooltip content={reason ?? "Your role cannot do this."}>
      <Button {...props} type="button" aria-disabled="true" onClick={(event) => event.preventDefault()}>
        {children}
      </Button>
    </SimpleTooltip>
  );
}
