// PATCH /api/team/:userId — change a member's role, name or status (admins); effective on their next request
import { writeAudit } from "@/lib/audit/log";
import { countAdmins, findUserById, updateUser, updateUserInputSchema } from "@/lib/auth/users";
import { zodIssuesToFieldErrors } from "@/lib/contract";
import { getConsoleDatabase } from "@/lib/db";
import { consoleRoute } from "@/lib/http/console-route";
import { ConsoleError, NO_STORE } from "@/lib/http/errors";
import { readBodyText } from "@/lib/http/read-body";
import { presentUser } from "@/lib/team/present";

export const dynamic = "force-dynamic";

export const PATCH = consoleRoute(
  { permission: "team.manage", action: "team.user.update" },
  async ({ request, params, user, requestId }) => {
    const userId = String(params.userId ?? "");
    let body: unknown;
    try {
      body = JSON.parse(await readBodyText(request, 16 * 1024));
    } catch {
      throw new ConsoleError(400, "INVALID_INPUT", "The request body is not valid JSON.");
    }
    const parsed = updateUserInputSchema.safeParse(body);
    if (!parsed.success)
      throw new ConsoleError(
        400,
        "INVALID_INPUT",
        "Some fields are not valid.",
        zodIssuesToFieldErrors(parsed.error),
      );
    const db = getConsoleDatabase();
    const target = await findUserById(db, userId);
    if (!target) throw new ConsoleError(404, "USER_NOT_FOUND", "No such team member.");
    const demotesAdmin =
      target.role === "admin" &&
      !target.disabledAt &&
      (parsed.data.disabled === true || (parsed.data.role !== undefined && parsed.data.role !== "admin"));
    if (demotesAdmin && (await countAdmins(db)) <= 1) {
      throw new ConsoleError(
        409,
        "LAST_ADMIN",
        "The console needs at least one active admin; promote someone else first.",
      );
    }
    const updated = await updateUser(db, userId, parsed.data);
    if (!updated) throw new ConsoleError(404, "USER_NOT_FOUND", "No such team member.");
    await writeAudit({
      actor: user,
      action: "team.user.update",
      targetId: updated.email,
      outcome: "allowed",
      requestId,
      summary: { changes: parsed.data, previousRole: target.role },
    });
    return Response.json({ user: presentUser(updated) }, { headers: NO_STORE });
  },
);
