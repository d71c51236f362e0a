// POST /api/team/:userId/password — an admin gives a member a new first password, shown once; their sessions end
import { z } from "zod";
import { auditedAction } from "@/lib/audit/log";
import { generateFirstPassword } from "@/lib/auth/passwords";
import { findUserById, setPassword } from "@/lib/auth/users";
import { getConsoleDatabase } from "@/lib/db";
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "team.manage", action: "team.user.password.reset" },
  async ({ request, params, user, audit }) => {
    // Nothing to choose: the body is an empty object, so a password sent along is refused, not ignored.
    await readJsonBody(request, z.strictObject({}), 1024);
    const db = getConsoleDatabase();
    const target = await findUserById(db, String(params.userId ?? ""));
    if (!target) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
    if (target.id === user.id)
      throw new ApiError(
        409,
        "OWN_PASSWORD",
        "Change your own password from your menu; it asks for the current one.",
      );
    const password = generateFirstPassword();
    await auditedAction(
      {
        ...audit,
        action: "team.user.password.reset",
        targetId: target.email,
      },
      () => setPassword(db, target.id, password),
      () => ({ summary: { sessionsEnded: true } }),
    );
    // Shown once, to the admin who reset it, and never stored in clear.
    return Response.json({ initialPassword: password }, { headers: NO_STORE });
  },
);
