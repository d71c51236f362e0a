"use client";

import { useStoredPreference } from "@/lib/client/browser/use-stored-preference";
import { type AlertLead, DEFAULT_ALERT_LEAD, isAlertLead } from "@/lib/universal/approvals/deadline-alerts";

const KEY = "console.deadline-alert-lead";

export const parseLead = (stored: string | null): `${AlertLead}` => {
  const value = Number(stored);
  return stored !== null && isAlertLead(value) ? (String(value) as `${AlertLead}`) : `${DEFAULT_ALERT_LEAD}`;
};

/**
 * How long before a deadline this person wants to be alerted, kept in this browser: the stored text (for the
 * select), the lead in milliseconds, and its setter. The settings and the alert list read the one stored value.
 */
export function useAlertLead(): [`${AlertLead}`, AlertLead, (next: `${AlertLead}`) => void] {
  const [stored, setStored] = useStoredPreference(KEY, parseLead);
  return [stored, Number(stored) as AlertLead, setStored];
}
