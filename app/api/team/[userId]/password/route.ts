// POST /api/team/:userId/password — an admin gives a member a new first password, shown once; their sessions end
import { writeAudit } from "@/lib/audit/log";
import { generateFirstPassword } from "@/lib/auth/passwords";
import { findUserById, setPassword } from "@/lib/auth/users";
import { getConsoleDatabase } from "@/lib/db";
import { consoleRoute } from "@/lib/http/console-route";
import { ConsoleError, NO_STORE } from "@/lib/http/errors";
import { readBodyText } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  { permission: "team.manage", action: "team.user.password.reset" },
  async ({ request, params, user, requestId }) => {
    // No body is needed; one that is sent must be empty or an empty JSON object.
    const text = (await readBodyText(request, 1024)).trim();
    if (text !== "" && text !== "{}")
      throw new ConsoleError(400, "INVALID_INPUT", "This request takes no body.");
    const db = getConsoleDatabase();
    const target = await findUserById(db, String(params.userId ?? ""));
    if (!target) throw new ConsoleError(404, "USER_NOT_FOUND", "No such team member.");
    if (target.id === user.id)
      throw new ConsoleError(
        409,
        "OWN_PASSWORD",
        "Change your own password from your menu; it asks for the current one.",
      );
    const password = generateFirstPassword();
    await setPassword(db, target.id, password);
    await writeAudit({
      actor: user,
      action: "team.user.password.reset",
      targetId: target.email,
      outcome: "allowed",
      requestId,
      summary: { sessionsEnded: true },
    });
    // Shown once, to the admin who reset it, and never stored in clear.
    return Response.json({ initialPassword: password }, { headers: NO_STORE });
  },
);
