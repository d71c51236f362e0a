import { Badge } from "@/components/ui/badge";
import { FromTo } from "@/components/ui/from-to";
import { type FourEyesChange, fourEyesPartNoun } from "@/lib/universal/config/four-eyes-rule";

const onOff = (on: boolean) => (on ? "needs a second admin" : "one admin");

/** A change of the four-eyes setting, switch by switch. */
export function FourEyesDiffList({ changes, label }: { changes: readonly FourEyesChange[]; label: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-zinc-200 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800"
    >
      {changes.map((change) => (
        <li key={change.part} className="px-3 py-2.5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="info">Changed</Badge>
            <span className="font-medium">Second admin for {fourEyesPartNoun(change.part)}</span>
          </div>
          <p className="mt-1.5 text-xs">
            <FromTo from={onOff(change.from)} to={onOff(change.to)} />
          </p>
        </li>
      ))}
    </ul>
  );
}
