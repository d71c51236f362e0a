import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { SessionEndedNotice } from "@/components/auth/session-ended-notice";
import { SignInForm } from "@/components/auth/sign-in-form";
import { TellOtherTabsOfSignOut } from "@/components/auth/tell-other-tabs";
import { currentUser } from "@/lib/server/auth/session";
import { whySessionEnded } from "@/lib/server/auth/session-end";
import { env, oidcConfigured } from "@/lib/server/env";
import { safeCallbackPath } from "@/lib/universal/auth/safe-redirect";
import type { SessionEnd } from "@/lib/universal/auth/session-end";
import { ssoRefusalMessage } from "@/lib/universal/auth/sso-refusals";
import { signInWithSso } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  const signedIn = await currentUser().catch(() => null);
  if (signedIn) redirect(callbackUrl);
  const e = env();
  const ssoMessage = ssoRefusalMessage(params.error);
  // Why a person is here again: their browser's ended session, else the page they were on saying it ended.
  const fromSession =
    params.notice === "password-changed" ? null : await whySessionEnded(await headers()).catch(() => null);
  const ended: SessionEnd | null =
    params.notice === "password-changed"
      ? null
      : fromSession && fromSession.why !== "ended"
        ? fromSession
        : // Another tab of this browser signed out (lib/client/browser/signed-out-here.ts): its cookie is gone, so
          // nothing else here can tell that from a session that ran out.
          params.ended === "signed-out"
          ? { why: "signed-out" }
          : (fromSession ?? (params.ended === "1" ? { why: "ended" } : null));
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm space-y-6 rounded-xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold tracking-tight">Sign in to the payments console</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {e.PAYMENT_API_ENVIRONMENT === "sandbox" ? "Sandbox environment" : "Production environment"}
          </p>
        </div>
        {params.notice === "password-changed" ? (
          <p
            role="status"
            className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          >
            Your password is changed and every session of yours has ended. Sign in with the new password.
          </p>
        ) : null}
        {ended ? <SessionEndedNotice end={ended} idleMinutes={e.SESSION_IDLE_MINUTES} /> : null}
        {params["signed-out"] === "here" ? <TellOtherTabsOfSignOut /> : null}
        {params.error === "unavailable" ? (
          <p
            role="status"
            className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            The console cannot reach its database right now, so nobody can be signed in. Try again shortly.
          </p>
        ) : null}
        {ssoMessage ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {ssoMessage}
          </p>
        ) : null}
        <SignInForm callbackUrl={callbackUrl} />
        {oidcConfigured(e) ? (
          <div
            className="flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400"
            aria-hidden="true"
          >
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
            or
            <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
          </div>
        ) : null}
        {oidcConfigured(e) ? (
          <form action={signInWithSso}>
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <button
              type="submit"
              data-works-without-script
              className="w-full rounded-md border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Continue with {e.OIDC_NAME}
            </button>
          </form>
        ) : null}
      </div>
    </main>
  );
}
