// POST /api/account/password — the signed-in person changes their own password; every session of theirs ends
import { auditedAction } from "@/lib/server/audit/log";
import { verifyPassword } from "@/lib/server/auth/passwords";
import { endSignInAttempt, signInSource, startSignInAttempt } from "@/lib/server/auth/rate-limit";
import { findUserById, setPassword } from "@/lib/server/auth/users";
import { getConsoleDatabase } from "@/lib/server/db";
import { env } from "@/lib/server/env";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { changePasswordInputSchema } from "@/lib/universal/auth/password-rules";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

const fieldError = (status: number, code: string, message: string, path: string, fieldMessage: string) =>
  new ApiError(status, code, message, { fields: [{ path, message: fieldMessage }] });

export const POST = consoleRoute(
  CONSOLE_API["POST /api/account/password"],
  async ({ request, user, audit }) => {
    const input = await readJsonBody(request, changePasswordInputSchema, 4 * 1024);
    const db = getConsoleDatabase();
    const account = await findUserById(db, user.id);
    if (!account?.passwordHash)
      throw new ApiError(409, "NO_PASSWORD", "This account signs in with single sign-on only.");

    // Checking the current password is a guess like a sign-in, so it counts against the same limits, as the
    // browser's own when it is a known device of the account (lib/server/auth/rate-limit.ts).
    const attempt = await startSignInAttempt(
      db,
      signInSource(request.headers, account.email, env().AUTH_SECRET),
    );
    if (attempt.locked)
      throw new ApiError(429, "RATE_LIMITED", "Too many wrong passwords. Try again in an hour.");
    await auditedAction(
      { ...audit, action: "account.password.change", targetId: account.email },
      async () => {
        const matches = await verifyPassword(account.passwordHash ?? "", input.currentPassword);
        await endSignInAttempt(db, attempt, matches);
        if (!matches) {
          throw fieldError(
            400,
            "WRONG_PASSWORD",
            "The current password is not right.",
            "currentPassword",
            "This is not your current password",
          );
        }
        if (input.newPassword === input.currentPassword)
          throw fieldError(
            400,
            "INVALID_INPUT",
            "Choose a new password.",
            "newPassword",
            "Choose a password different from the current one",
          );
        await setPassword(db, account.id, input.newPassword);
      },
      () => ({ summary: { sessionsEnded: true } }),
    );
    return Response.json({ signedOut: true }, { headers: NO_STORE });
  },
);
