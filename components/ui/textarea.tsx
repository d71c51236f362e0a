import type * as React from "react";
import { cn } from "@/lib/universal/utils";
import { fieldControlClasses } from "./input";

export function Textarea({ className, rows = 4, ...props }: React.ComponentProps<"textarea">) {
  return <textarea rows={rows} className={cn(fieldControlClasses, "min-h-16 py-2", className)} {...props} />;
}
