import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/universal/utils";

/** A decorative spinner; say what is loading next to it (aria-busy, a label or visually hidden text). */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-4 shrink-0 animate-spin", className)} />;
}
