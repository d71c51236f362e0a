import "server-only";
import { cookies } from "next/headers";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { authRedirect } from "../../universal/auth/safe-redirect";
import { ssoRefusalPath } from "../../universal/auth/sso-refusals";
import { getConsoleDatabase } from "../db";
import { env, oidcConfigured } from "../env";
import { log } from "../log/logger";
import { authErrorLevel } from "./auth-error-level";
import { DEVICE_COOKIE, deviceCookieOptions, issueDeviceCookie } from "./device-cookie";
import { decoyPasswordHash, verifyPassword } from "./passwords";
import { endSignInAttempt, signInSource, startSignInAttempt } from "./rate-limit";
import { auditedPasswordSignIn, auditedSignOut, passwordRefusal } from "./sign-in-audit";
import { admitSsoProfile, auditSsoDecision } from "./sso";
import { endSessionsOf, findUserByEmail, markSignedIn } from "./users";

declare module "next-auth" {
  interface Session {
    uid?: string;
    sv?: number;
    started?: number;
  }
}

class RateLimited extends CredentialsSignin {
  override code = "rate_limited";
}

/** The audit log could not record the sign-in, so it did not go ahead (lib/server/auth/sign-in-audit.ts). */
class AuditUnavailable extends CredentialsSignin {
  override code = "audit_unavailable";
}

const credentialsSchema = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(200),
});

/** The browser that just signed in becomes a known device of the account (lib/server/auth/device-cookie.ts). */
async function rememberDevice(request: Request, secret: string, email: string): Promise<void> {
  const secure = new URL(request.url).protocol === "https:";
  (await cookies()).set(DEVICE_COOKIE, issueDeviceCookie(secret, email), deviceCookieOptions(secure));
}

function config(): NextAuthConfig {
  const e = env();
  const providers: NextAuthConfig["providers"] = [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const db = getConsoleDatabase();
        const email = parsed.data.email.toLowerCase();
        const attempt = await startSignInAttempt(db, signInSource(request.headers, email, e.AUTH_SECRET));
        if (attempt.locked) throw new RateLimited();
        const user = await findUserByEmail(db, email);
        const succeeded = await auditedPasswordSignIn(user, async () => {
          const passwordMatches = await verifyPassword(
            user?.passwordHash ?? (await decoyPasswordHash()),
            parsed.data.password,
          );
          const refusal = passwordRefusal(user, passwordMatches);
          await endSignInAttempt(db, attempt, refusal === null);
          return refusal;
        }).catch((error: unknown) => {
          if (error instanceof ApiError && error.code === "AUDIT_UNAVAILABLE") throw new AuditUnavailable();
          throw error;
        });
        if (!succeeded || !user) return null;
        await rememberDevice(request, e.AUTH_SECRET, email);
        return {
          id: user.id,
          email: user.email,
          name: user.name,
          sessionVersion: user.sessionVersion,
          // The role signed in with, kept in the cookie only to tell the person later that it changed
          // (lib/server/auth/session-end.ts): every request reads the role from the user's row.
          role: user.role,
        } as never;
      },
    }),
  ];
  if (oidcConfigured(e)) {
    providers.push({
      id: "oidc",
      name: e.OIDC_NAME,
      type: "oidc",
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      // The profile is read from the userinfo endpoint, not the ID token: a provider puts the email claims in the
      // ID token of the code flow only if it chooses to (oidc-provider, for one, does not), and userinfo always
      // answers them for the `email` scope.
      idToken: false,
    });
  }
  return {
    secret: e.AUTH_SECRET,
    trustHost: true,
    providers,
    pages: { signIn: "/login", error: "/login" },
    // A wrong password and a session past its idle time are expected outcomes, not errors (auth-error-level.ts).
    logger: {
      error(error) {
        const level = authErrorLevel(error);
        if (level === "info") log.info("auth", "a session cookie past its idle time was refused", { error });
        else if (level === "error") log.error("auth", "Auth.js reported an error", { error });
      },
      warn() {},
    },
    // The session cookie lives for the idle time and is renewed at most once a minute while the person is active.
    session: { strategy: "jwt", maxAge: e.SESSION_IDLE_MINUTES * 60, updateAge: 60 },
    events: {
      // Every sign-out ends the session for good, Auth.js's own endpoint included: the cookie it clears could have
      // been copied, so the session's version is retired (the console's sign-out goes through here as well).
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        if (typeof token?.uid === "string" && typeof token.sv === "number") {
          const { uid, sv } = token;
          await auditedSignOut(uid, () => endSessionsOf(getConsoleDatabase(), uid, sv));
        }
      },
    },
    callbacks: {
      // Every redirect Auth.js makes stays on the console, by the check the sign-in page uses.
      redirect: authRedirect,
      // Single sign-on admits only people an admin added to the team, matched by verified email (lib/server/auth/sso.ts);
      // a refusal goes back to the sign-in page with its reason, and either is in the audit log.
      async signIn({ account, profile }) {
        if (account?.provider !== "oidc") return true;
        let admission: Awaited<ReturnType<typeof admitSsoProfile>>;
        try {
          // A first sign-in's link is audited before it is made: an audit log that cannot be written stops it here.
          admission = await admitSsoProfile(getConsoleDatabase(), profile ?? {});
          await auditSsoDecision(profile ?? {}, admission, e.OIDC_ISSUER);
        } catch {
          return "/login?error=unavailable";
        }
        return "admitted" in admission ? true : ssoRefusalPath(admission.refused);
      },
      async jwt({ token, user, account, profile }) {
        if (account?.provider === "oidc" && profile?.email) {
          const found = await findUserByEmail(getConsoleDatabase(), profile.email);
          if (found) {
            Object.assign(token, {
              uid: found.id,
              sv: found.sessionVersion,
              started: Date.now(),
              role: found.role,
            });
          }
        } else if (user) {
          const signedIn = user as { id?: string; sessionVersion?: number; role?: string };
          Object.assign(token, {
            uid: signedIn.id,
            sv: signedIn.sessionVersion,
            started: Date.now(),
            role: signedIn.role,
          });
        }
        // `account` comes only with a sign-in, by either provider: the one place a session starts.
        if (account && typeof token.uid === "string") await markSignedIn(getConsoleDatabase(), token.uid);
        return token;
      },
      session({ session, token }) {
        return Object.assign(session, { uid: token.uid, sv: token.sv, started: token.started });
      },
    },
  };
}

// The configuration is built per request so that `next build` never needs the runtime's secrets.
export const { handlers, auth, signIn, signOut } = NextAuth(() => config());
