// GET /api/transactions/{transactionId}/events — the transaction's status changes, from the console's webhook
// inbox, and the approvals and rejections people made on it in this console, from its audit log
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { maskedFor } from "@/lib/server/privacy/visibility";
import { transactionEvents, transactionIdFrom } from "@/lib/server/transactions/events";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(
  CONSOLE_API["GET /api/transactions/[transactionId]/events"],
  async ({ params, user }) =>
    Response.json(
      await maskedFor(user.role, await transactionEvents(transactionIdFrom(params.transactionId))),
      { headers: NO_STORE },
    ),
);
