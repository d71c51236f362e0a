// GET /api/inbox — the webhook inbox: verified events (or deliveries that failed verification), newest first
import { consoleRoute } from "@/lib/http/console-route";
import { NO_STORE } from "@/lib/http/errors";
import { parseQuery } from "@/lib/http/query";
import { maskedFor } from "@/lib/privacy/visibility";
import { listInbox, listInboxQuerySchema } from "@/lib/webhooks/inbox-list";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(
  { permission: "read", action: "webhooks.inbox.list" },
  async ({ request, user }) => {
    const inbox = await listInbox(parseQuery(listInboxQuerySchema, request));
    const masked = await maskedFor(user.role, inbox);
    // An event whose payload was masked keeps its raw bytes back too: they hold the same personal data.
    const data = masked.data.map((row, index) =>
      row.kind === "verified" && row !== inbox.data[index] ? { ...row, rawBody: null } : row,
    );
    return Response.json({ ...masked, data }, { headers: NO_STORE });
  },
);
