"use client";

import { useSignedOutHereLately } from "@/lib/client/browser/signed-out-here";
import { ROLE_LABELS } from "@/lib/universal/auth/role-labels";
import type { SessionEnd } from "@/lib/universal/auth/session-end";

/** A role change, and what went with it: a replaced password, an undone single sign-on link, or nothing else. */
function roleChanged(end: Extract<SessionEnd, { why: "role-changed" }>): string {
  const sentences = [
    `You were signed out because an admin changed your role from ${ROLE_LABELS[end.from]} to ${ROLE_LABELS[end.to]}.`,
  ];
  if (end.passwordReplaced) {
    sentences.push(
      "Your password was replaced as well: sign in with the new password the approving admin gives you, then choose your own from your menu.",
    );
  }
  if (end.ssoUnlinked) {
    sentences.push(
      "Your single sign-on link was undone as well: your next single sign-on links the identity you sign in with at your identity provider.",
    );
  }
  if (!end.passwordReplaced && !end.ssoUnlinked)
    sentences.push(`Sign in again to go on as ${ROLE_LABELS[end.to]}.`);
  return sentences.join(" ");
}

/** What the sign-in page tells a person whose session ended, by why it ended. */
function sentence(end: SessionEnd, idleMinutes: number): string {
  switch (end.why) {
    case "removed":
      return "You were signed out: your account is no longer on this console's team.";
    case "disabled":
      return "You were signed out: an admin disabled your account. Ask an admin of your team if you still need it.";
    case "role-changed":
      return roleChanged(end);
    case "password-reset":
      return "You were signed out because admins reset your password. Sign in with the new password the approving admin gives you, then choose your own from your menu (Change password).";
    case "password-changed":
      return "You were signed out because your password was changed (in another window or on another device). Sign in with the new password.";
    case "signed-out":
      return "You were signed out because you signed out in another window or on another device, which ends every session of yours.";
    case "sso-unlinked":
      return "You were signed out because an admin unlinked your single sign-on. Your next single sign-on links the identity you sign in with at your identity provider.";
    case "account-changed":
      return "You were signed out because an admin changed your account. Sign in again to go on.";
    case "max-hours":
      return `Your session reached its limit of ${end.hours} hours. Sign in again to go on.`;
    case "ended":
      return `Your session ended after ${idleMinutes} minutes without activity, or was ended elsewhere. Sign in again to go on where you were.`;
  }
}

/**
 * The sign-in page's note on why the person is there again; nothing when they came to sign in of their own accord.
 * A session that only "ended" (the page's call was refused without a cookie to ask about) was ended by a sign-out
 * when another tab of this browser signed out lately, whichever of the two tabs reached the sign-in page first.
 */
export function SessionEndedNotice({ end, idleMinutes }: { end: SessionEnd; idleMinutes: number }) {
  const signedOutHere = useSignedOutHereLately();
  const why: SessionEnd = end.why === "ended" && signedOutHere ? { why: "signed-out" } : end;
  return (
    <p
      role="status"
      className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      {sentence(why, idleMinutes)}
    </p>
  );
}
