"use client";

import { Button, type ButtonProps } from "@/components/ui/button";
import { SimpleTooltip } from "@/components/ui/tooltip";
import type { Decision } from "@/lib/universal/auth/permissions";

/** Said when a refusal carries no reason of its own (decide() always gives one; a page's own decision may not). */
const FALLBACK_REASON = "Your role cannot do this.";

type PermittedButtonProps = Omit<ButtonProps, "asChild"> & {
  /** From usePermission, or any decision that the action is unavailable right now (a deleted customer). */
  decision: Decision;
};

/**
 * The one button for an action the person may not be allowed to take. Allowed, it is a plain Button. Not allowed,
 * it stays visible and focusable, is announced as unavailable (aria-disabled), ignores presses (a submit button
 * does not submit), shows the reason as its tooltip (on hover, keyboard focus, and a press: a tap on a phone, where
 * nothing hovers, says why nothing happened) and gives it to screen readers as its description (aria-description).
 * Its name stays its visible label. The server refuses the action regardless.
 */
export function PermittedButton({ decision, onClick, type, children, ...props }: PermittedButtonProps) {
  if (decision.allowed) {
    return (
      <Button type={type} onClick={onClick} {...props}>
        {children}
      </Button>
    );
  }
  const reason = decision.reason ?? FALLBACK_REASON;
  // aria-description, not a hidden element: a copy of the reason in the DOM would be found again by text beside
  // the one the page shows. While the tooltip is open it describes the button with the same words.
  return (
    <SimpleTooltip content={reason} openOnPress>
      <Button
        {...props}
        type="button"
        aria-disabled="true"
        aria-description={reason}
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </Button>
    </SimpleTooltip>
  );
}
