"use client";

import { ProgressBar } from "@/components/ui/progress-bar";
import { Timestamp } from "@/components/ui/timestamp";
import { listName, type RescreenProgress } from "@/lib/universal/screening/records";

const plural = (count: number, one: string, other: string) => `${count} ${count === 1 ? one : other}`;
const subjects = (count: number) =>
  plural(count, "stored payment or customer", "stored payments and customers");

/**
 * After a list changed: the stored payments' senders and customers screened again against the new or changed
 * entries only, with its progress while it runs and what it found when done. Nothing before the first change.
 */
export function RescreenStatus({ rescreen }: { rescreen: RescreenProgress | null | undefined }) {
  if (!rescreen) return null;
  const what = `${plural(rescreen.changedEntries, "changed entry", "changed entries")} of ${rescreen.lists
    .map(listName)
    .join(", ")}`;
  const { done, total } = rescreen.subjects;
  if (!rescreen.finishedAt) {
    return (
      <div role="status" className="flex flex-col gap-2 px-6 pb-4 text-sm">
        <p>
          A list changed: screening {subjects(total)} again against the {what}… {done} of {total} done.
        </p>
        <ProgressBar
          label="Screening stored payments and customers again"
          value={done}
          max={total}
          valueText={`${done} of ${total}`}
        />
      </div>
    );
  }
  return (
    <p role="status" className="px-6 pb-4 text-sm text-zinc-700 dark:text-zinc-300">
      {rescreen.failure ? (
        <span className="font-medium text-red-700 dark:text-red-400">{rescreen.failure} </span>
      ) : null}
      After the last list change ({what}), {subjects(done)} screened again{" "}
      <Timestamp value={rescreen.finishedAt} />:{" "}
      <span className="font-medium">
        {rescreen.newAlerts === 0
          ? "no new potential match."
          : `${plural(rescreen.newAlerts, "new potential match", "new potential matches")}, in Open alerts above.`}
      </span>
    </p>
  );
}
