import type * as React from "react";
import { cn } from "@/lib/universal/utils";

/** A placeholder shape; hidden from assistive technology, which hears the surrounding aria-busy region instead. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "animate-pulse rounded-md bg-zinc-200 motion-reduce:animate-none dark:bg-zinc-800",
        className,
      )}
      {...props}
    />
  );
}
