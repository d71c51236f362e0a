import "server-only";
import type { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import type { changePasswordInputSchema } from "../../universal/auth/password-rules";
import { type AuditEntry, auditedAction } from "../audit/log";
import { getConsoleDatabase } from "../db";
import { env } from "../env";
import { verifyPassword } from "./passwords";
import { endSignInAttempt, signInSource, startSignInAttempt } from "./rate-limit";
import type { ConsoleUser } from "./session-user";
import { findUserById, setPassword } from "./users";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

const fieldError = (status: number, code: string, message: string, path: string, fieldMessage: string) =>
  new ApiError(status, code, message, { fields: [{ path, message: fieldMessage }] });

/**
 * POST /api/account/password: the signed-in person changes their own password, audited; every session of theirs
 * ends. `headers` are the request's: checking the current password counts against the sign-in limits.
 */
export async function changeOwnPassword(
  who: Who,
  user: ConsoleUser,
  headers: Headers,
  input: z.output<typeof changePasswordInputSchema>,
): Promise<void> {
  const db = getConsoleDatabase();
  const account = await findUserById(db, user.id);
  if (!account?.passwordHash)
    throw new ApiError(409, "NO_PASSWORD", "This account signs in with single sign-on only.");

  // Checking the current password is a guess like a sign-in, so it counts against the same limits, as the
  // browser's own when it is a known device of the account (lib/server/auth/rate-limit.ts).
  const attempt = await startSignInAttempt(db, signInSource(headers, account.email, env().AUTH_SECRET));
  if (attempt.locked)
    throw new ApiError(429, "RATE_LIMITED", "Too many wrong passwords. Try again in an hour.");
  await auditedAction(
    { ...who, action: "account.password.change", targetId: account.email },
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
}
