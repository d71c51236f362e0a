// PATCH /api/team/:userId — change a member's role, name or status (admins; a raise waits for a second admin)
import { auditedAction } from "@/lib/server/audit/log";
import { countAdmins, findUserById, updateUser, updateUserInputSchema } from "@/lib/server/auth/users";
import { getConsoleDatabase } from "@/lib/server/db";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { readJsonBody } from "@/lib/server/http/json-body";
import { presentUser } from "@/lib/server/team/present";
import { proposeTeamChange } from "@/lib/server/team/team-proposals";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { changeNeedsSecondAdmin } from "@/lib/universal/team/privileges";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const PATCH = consoleRoute(
  CONSOLE_API["PATCH /api/team/[userId]"],
  async ({ request, params, audit, user, requestId, clientRequestId }) => {
    const userId = String(params.userId ?? "");
    const changes = await readJsonBody(request, updateUserInputSchema, 16 * 1024);
    const db = getConsoleDatabase();
    const target = await findUserById(db, userId);
    if (!target) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
    if (changeNeedsSecondAdmin({ role: target.role, disabled: target.disabledAt !== null }, changes)) {
      // Raising a role (or enabling a privileged account again) gives power: another admin approves it.
      if (target.id === user.id) {
        throw new ApiError(409, "OWN_ROLE", "Another admin must change your role.");
      }
      const proposal = await proposeTeamChange(
        { user, requestId, clientRequestId },
        "team.user.update",
        {
          action: "update",
          userId: target.id,
          email: target.email,
          name: target.name,
          changes,
          before: { role: target.role, disabled: target.disabledAt !== null },
        },
        { role: target.role, disabled: target.disabledAt !== null },
      );
      return Response.json({ proposal }, { status: 202, headers: NO_STORE });
    }
    const updated = await auditedAction(
      {
        ...audit,
        action: "team.user.update",
        targetId: target.email,
        summary: { changes, previousRole: target.role },
      },
      async () => {
        const demotesAdmin =
          target.role === "admin" &&
          !target.disabledAt &&
          (changes.disabled === true || (changes.role !== undefined && changes.role !== "admin"));
        if (demotesAdmin && (await countAdmins(db)) <= 1) {
          throw new ApiError(
            409,
            "LAST_ADMIN",
            "The console needs at least one active admin; promote someone else first.",
          );
        }
        const done = await updateUser(db, userId, changes);
        if (!done) throw new ApiError(404, "USER_NOT_FOUND", "No such team member.");
        return done;
      },
      (user) => ({ targetId: user.email }),
    );
    return Response.json({ user: presentUser(updated) }, { headers: NO_STORE });
  },
);
