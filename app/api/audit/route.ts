// GET /api/audit — the append-only audit log with filters (compliance and admins)
import { listAuditEvents, listAuditQuerySchema } from "@/lib/audit/query";
import { zodIssuesToFieldErrors } from "@/lib/contract";
import { consoleRoute } from "@/lib/http/console-route";
import { ConsoleError, NO_STORE } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

export const GET = consoleRoute({ permission: "audit.read", action: "audit.list" }, async ({ request }) => {
  const query = listAuditQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success)
    throw new ConsoleError(
      400,
      "INVALID_INPUT",
      "The filters are not valid.",
      zodIssuesToFieldErrors(query.error),
    );
  return Response.json(await listAuditEvents(query.data), { headers: NO_STORE });
});
