// POST /api/screening/lists/upload?list=un|ofac-advanced|eu-fsf — a list file uploaded by an admin (audited)
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { isUploadableList, uploadList } from "@/lib/server/screening/upload";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";
import { ApiError } from "@/shared/api-error";

export const dynamic = "force-dynamic";

export const POST = consoleRoute(
  CONSOLE_API["POST /api/screening/lists/upload"],
  async ({ request, audit, user }) => {
    const list = new URL(request.url).searchParams.get("list");
    if (!isUploadableList(list)) {
      throw new ApiError(
        400,
        "INVALID_INPUT",
        "Name the list: ?list=un (UN consolidated XML), ofac-advanced (OFAC advanced XML) or eu-fsf (EU FSF XML).",
      );
    }
    const health = await uploadList(list, request.body, { ...audit, user });
    // 202 when the file waits for a second admin (the list in use stays); 200 when it is in use now.
    const waiting = health.replacements.some((proposal) => proposal.list.listId === list);
    return Response.json(health, { status: waiting ? 202 : 200, headers: NO_STORE });
  },
);
