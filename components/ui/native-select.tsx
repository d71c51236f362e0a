import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/universal/utils";
import { fieldControlClasses } from "./input";

/**
 * A styled native `<select>`: the browser's own list, keyboard handling and accessibility (role "combobox"), with
 * the look of the other fields and none of the JavaScript of a custom listbox. For short, plain option lists.
 */
export function NativeSelect({
  className,
  containerClassName,
  children,
  ...props
}: React.ComponentProps<"select"> & { containerClassName?: string }) {
  return (
    <div className={cn("relative", containerClassName)}>
      <select
        className={cn(
          fieldControlClasses,
          "h-9 w-full cursor-pointer appearance-none py-1 pr-8 dark:[color-scheme:dark]",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-60"
      />
    </div>
  );
}
