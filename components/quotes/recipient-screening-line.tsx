"use client";

import { ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX } from "lucide-react";
import { usePermission } from "@/components/auth/permissions-context";
import { Link } from "@/components/ui/link";
import { type RecipientScreening, recipientScreeningHref } from "@/lib/universal/screening/records";

/** The screening of an account's holder as the lookup got it, or why it could not be had. */
export type RecipientCheck = { accountId: string } & (
  | { answer: RecipientScreening; failure?: undefined }
  | { answer?: undefined; failure: string }
);

const RED = "text-red-800 dark:text-red-300";
const GREEN = "text-emerald-800 dark:text-emerald-300";

/**
 * One line under a looked-up bank account: its holder screened clear, or a potential or confirmed match that stops
 * the payment (the server refuses to execute it), with a link to the screening for those who review it.
 */
export function RecipientScreeningLine({ check }: { check: RecipientCheck }) {
  const review = usePermission("screening.read");
  const screening = check.answer?.screening;
  const { Icon, tone, text } = check.failure
    ? {
        Icon: ShieldQuestion,
        tone: RED,
        text: `The holder could not be screened (${check.failure}): no payment is sent until they are.`,
      }
    : !screening
      ? {
          Icon: ShieldX,
          tone: RED,
          text: "The account names no holder to screen against the watchlists, so no money can be sent to it. Register it again with its holder.",
        }
      : screening.status === "open"
        ? {
            Icon: ShieldAlert,
            tone: RED,
            text: `${screening.subjectName}: ${screening.line}. Compliance must review the match before money is sent to this account.`,
          }
        : screening.status === "confirmed"
          ? {
              Icon: ShieldX,
              tone: RED,
              text: `${screening.subjectName}: ${screening.line}. No money can be sent to this account.`,
            }
          : screening.status === "failed"
            ? {
                Icon: ShieldQuestion,
                tone: RED,
                text: `${screening.subjectName}: ${screening.line}. No payment is sent until screened.`,
              }
            : { Icon: ShieldCheck, tone: GREEN, text: `${screening.subjectName}: ${screening.line}.` };
  const needsReview = screening && screening.status !== "clear" && screening.status !== "dismissed";
  return (
    <p className={`mt-1 flex items-start gap-2 text-sm ${tone}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-medium">{text}</span>
        {needsReview && review.allowed ? (
          <>
            {" "}
            <Link href={recipientScreeningHref(check.accountId)} className="underline underline-offset-2">
              Review the screening
            </Link>
          </>
        ) : null}
      </span>
    </p>
  );
}
