"use client";

import { BellRing } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ALERT_LEADS, alertLeadLabel } from "@/lib/universal/approvals/deadline-alerts";
import { parseLead, useAlertLead } from "./use-alert-lead";

/**
 * How long before a payment's window closes this person is alerted (kept in this browser), and whether the browser
 * may notify them too. The alerts themselves are `DeadlineAlertList`'s; the queue lays the two out (approval-queue.tsx).
 */
export function DeadlineAlertSettings() {
  const [stored, lead, setStored] = useAlertLead();
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">("default");
  const selectId = useId();

  useEffect(() => {
    setPermission(typeof Notification === "undefined" ? "unsupported" : Notification.permission);
  }, []);

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        {/* Drawn as the filters beside it are: a small label over a compact select. */}
        <Label htmlFor={selectId} className="text-xs text-zinc-600 dark:text-zinc-400">
          Deadline alerts
        </Label>
        <NativeSelect
          id={selectId}
          value={stored}
          onChange={(event) => setStored(parseLead(event.target.value))}
          containerClassName="w-44"
          className="h-8"
        >
          {ALERT_LEADS.map((option) => (
            <option key={option} value={String(option)}>
              {alertLeadLabel(option)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {lead === 0 ? null : permission === "default" ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            void Notification.requestPermission().then(setPermission);
          }}
        >
          <BellRing aria-hidden="true" />
          Also notify me in this browser
        </Button>
      ) : permission === "granted" || permission === "denied" ? (
        // Two short lines beside the select at most, so the settings keep to the queue's filter row on a laptop.
        <p className="max-w-56 text-xs text-zinc-600 dark:text-zinc-400">
          {permission === "granted"
            ? "Browser notifications are on."
            : "Browser notifications are blocked for this site; alerts show here only."}
        </p>
      ) : null}
    </div>
  );
}
