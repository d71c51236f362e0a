"use client";

import { useQuery } from "@tanstack/react-query";
import { OctagonPause } from "lucide-react";
import { useState } from "react";
import { usePermission, useViewer } from "@/components/auth/permissions-context";
import { PermittedButton } from "@/components/auth/permitted-button";
import { lazyWhenOpen } from "@/components/ui/lazy-when-open";
import { QueryState } from "@/components/ui/query-state";
import { Timestamp } from "@/components/ui/timestamp";
import { emergencyHoldQuery } from "@/lib/client/api/approvals";

// The dialog (its form and Radix's dialog) is downloaded when it first opens, or as a person reaches for the switch.
const EmergencyHoldDialog = lazyWhenOpen(
  () => import("./emergency-hold-dialog").then((module) => module.EmergencyHoldDialog),
  () => true,
);

/**
 * The emergency hold's switch: while on, every pending payment is held for people whatever the approval policies
 * say. Turning it on or off asks for a reason, kept in the audit log; turning it off takes two people: one asks, a
 * second confirms (decision 0089).
 */
const OFF = "Off: the approval policies decide";

export function EmergencyHoldSwitch() {
  const decide = usePermission(
    "approvals.decide",
    "Only compliance officers and admins turn the emergency hold on or off.",
  );
  const hold = useQuery(emergencyHoldQuery());
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  const on = hold.data?.on ?? false;
  const lift = on ? (hold.data?.lift ?? null) : null;
  const askedByMe = lift !== null && lift.by.toLowerCase() === viewer.email.toLowerCase();
  const decision = askedByMe
    ? {
        allowed: false,
        reason: "You asked to turn it off; another compliance officer or admin must confirm it.",
      }
    : decide;
  return (
    <div className="flex flex-col items-start gap-1">
      <PermittedButton
        decision={decision}
        // Red-edged, not filled, while off: a solid red button read as a hold already on (the banner says when it is).
        variant="outline"
        className={
          on
            ? undefined
            : "border-red-300 text-red-700 hover:bg-red-50 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/40"
        }
        disabled={hold.isPending}
        onClick={() => setOpen(true)}
        {...EmergencyHoldDialog.preloadOn(decide.allowed)}
      >
        <OctagonPause aria-hidden="true" />
        {lift && !askedByMe ? "Confirm turning off" : on ? "Turn off emergency hold" : "Emergency hold"}
      </PermittedButton>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <QueryState
          query={hold}
          keepDataOnError
          loading="Loading the switch…"
          // Unread, the switch is taken as off, as the button says.
          error={() => OFF}
        >
          {(state) =>
            !state.on
              ? OFF
              : askedByMe
                ? "On: you asked to turn it off; a second person confirms"
                : state.lift
                  ? `On: ${state.lift.by} asked to turn it off`
                  : "On: every payment waits for a person"
          }
        </QueryState>
      </p>
      {open ? <EmergencyHoldDialog turnOn={!on} lift={lift} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/** The banner over the queue while the emergency hold is on: who turned it on, when and why. */
export function EmergencyHoldBanner() {
  const hold = useQuery(emergencyHoldQuery());
  if (!hold.data?.on) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
    >
      <OctagonPause aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm">
        <p className="font-semibold">Emergency hold is on: every pending payment waits for a person</p>
        <p className="mt-0.5">
          The approval policies decide nothing until it is turned off.
          {hold.data.by ? ` Turned on by ${hold.data.by}` : ""}
          {hold.data.at ? (
            <>
              {" "}
              (<Timestamp value={hold.data.at} />)
            </>
          ) : null}
          {hold.data.reason ? `: “${hold.data.reason}”` : "."}
        </p>
        {hold.data.lift ? (
          <p className="mt-1">
            {hold.data.lift.by} asked to turn it off (<Timestamp value={hold.data.lift.at} />
            ): “{hold.data.lift.reason}”. It stays on until another compliance officer or admin confirms.
          </p>
        ) : null}
      </div>
    </div>
  );
}
