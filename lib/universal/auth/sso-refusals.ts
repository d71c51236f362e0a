/** Why single sign-on did not let a person in: the sign-in page's `?error=` after the identity provider's answer. */
const SSO_REFUSALS = [
  "sso-not-on-team",
  "sso-email-unverified",
  "sso-no-email",
  "sso-disabled",
  "sso-subject-mismatch",
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

const MESSAGES: Record<string, string> = {
  "sso-not-on-team":
    "This email is not on the team of this console. Ask an admin to add you with the email address your identity provider has for you, then sign in again.",
  "sso-email-unverified":
    "Your identity provider has not verified your email address, so the console cannot tell that it is yours. Verify it with your identity provider, then sign in again.",
  "sso-no-email":
    "Your identity provider did not share an email address with the console, so it cannot find you on the team. Ask whoever runs your identity provider to release your email to the console.",
  "sso-disabled": "Your account on this console is disabled. Ask an admin to enable it.",
  "sso-subject-mismatch":
    "This email's account on the console is linked to another identity at your identity provider, so single sign-on cannot sign you in as it. If your identity there was made again, ask an admin to unlink your single sign-on on the Team page: your next single sign-on then links the new one. Or sign in with your email and password.",
  // Auth.js's own codes (`AccessDenied` after an error while deciding, the others when the exchange failed).
  AccessDenied:
    "Single sign-on did not let you in. Try again, or ask an admin to check that you are on the team.",
  OAuthCallbackError:
    "The identity provider did not complete the sign-in (it may have been cancelled). Try again, or sign in with your email and password.",
  Configuration:
    "Signing in did not complete: the console could not finish it with the identity provider. Try again shortly, or sign in with your email and password.",
};

/** The message the sign-in page shows for an `?error=` code from single sign-on, or null for any other value. */
export function ssoRefusalMessage(code: unknown): string | null {
  return typeof code === "string" && Object.hasOwn(MESSAGES, code) ? (MESSAGES[code] ?? null) : null;
}

export function ssoRefusalPath(refusal: SsoRefusal): string {
  return `/login?error=${refusal}`;
}
