"use client";

import { Check, Copy } from "lucide-react";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { cn } from "@/lib/universal/utils";
import { Button, type ButtonProps } from "./button";
import { SimpleTooltip } from "./tooltip";

export type CopyButtonProps = Omit<ButtonProps, "onClick" | "children" | "asChild" | "loading"> & {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the button's name and the toast: "webhook secret" → "Copy webhook secret". */
  label: string;
  /** Shows the word "Copy" next to the icon; otherwise the button is icon-only (its name stays "Copy …"). */
  showText?: boolean;
};

/** How long a copy button shows it has copied. */
export const COPIED_FOR_MS = 2000;

/**
 * Puts `value` on the clipboard and says so in a toast ("Copied the webhook secret"), or says the browser refused;
 * true when it was copied.
 */
export async function copyToClipboard(value: string, label: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
  } catch {
    toast.error(`Could not copy the ${label}`, {
      description: "The browser refused clipboard access. Select the text and copy it by hand.",
    });
    return false;
  }
  toast.success(`Copied the ${label}`);
  return true;
}

export function CopyButton({
  value,
  label,
  showText = false,
  variant = "ghost",
  size = showText ? "sm" : "icon-sm",
  className,
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = React.useState(false);
  const [announcement, setAnnouncement] = React.useState("");
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyToClipboard(value, label))) return;
    setCopied(true);
    // Emptying first makes a second copy of the same thing announce again.
    setAnnouncement("");
    requestAnimationFrame(() => setAnnouncement("Copied"));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setCopied(false);
      setAnnouncement("");
    }, COPIED_FOR_MS);
  };

  const Icon = copied ? Check : Copy;
  const button = (
    <Button
      variant={variant}
      size={size}
      className={cn(copied && "text-emerald-700 dark:text-emerald-400", className)}
      onClick={() => {
        void copy();
      }}
      {...props}
    >
      <Icon aria-hidden="true" />
      {showText ? <span>{copied ? "Copied" : "Copy"}</span> : null}
      <span className="sr-only">{showText ? ` ${label}` : `Copy ${label}`}</span>
    </Button>
  );
  return (
    <>
      {showText ? (
        button
      ) : (
        <SimpleTooltip content={copied ? "Copied" : `Copy ${label}`}>{button}</SimpleTooltip>
      )}
      <span aria-live="polite" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
