"use server";

import { AuthError } from "next-auth";
import { signIn } from "@/lib/server/auth/config";
import { safeCallbackPath } from "@/lib/universal/auth/safe-redirect";

// The limits are lib/server/auth/rate-limit.ts's: ten failures an hour for an account from browsers it has not signed in
// with, thirty from one address; a browser it has signed in with has ten of its own.
const RATE_LIMITED_MESSAGE =
  "Too many failed attempts. Try again in an hour, or from a browser you have signed in with before.";

export interface SignInState {
  error?: string;
  /** Kept so the person need not retype it after a failed attempt (React resets the form after an action). */
  email?: string;
}

export async function signInWithPassword(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) return { error: "Enter your email and password.", email };
  try {
    await signIn("credentials", { email, password, redirectTo: safeCallbackPath(form.get("callbackUrl")) });
    return {};
  } catch (error) {
    if (error instanceof AuthError) {
      const code = (error as AuthError & { code?: string }).code;
      if (code === "rate_limited") {
        return { error: RATE_LIMITED_MESSAGE, email };
      }
      if (code === "audit_unavailable") {
        return {
          error:
            "The console cannot record sign-ins in its audit log right now, so it did not sign you in. Try again shortly.",
          email,
        };
      }
      return { error: "The email or password is not right, or the account is disabled.", email };
    }
    // A successful sign-in ends in a redirect, which Next signals by throwing.
    throw error;
  }
}

export async function signInWithSso(form: FormData): Promise<void> {
  await signIn("oidc", { redirectTo: safeCallbackPath(form.get("callbackUrl")) });
}
