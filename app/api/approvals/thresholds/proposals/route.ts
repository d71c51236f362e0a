// GET /api/approvals/thresholds/proposals — the two-person rule's change waiting for a second person, and the latest decided
import { listThresholdsProposals } from "@/lib/server/approvals/threshold-proposals";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

export const GET = consoleRoute(CONSOLE_API["GET /api/approvals/thresholds/proposals"], async () =>
  Response.json(await listThresholdsProposals(), { headers: NO_STORE }),
);
