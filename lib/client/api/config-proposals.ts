import { queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../universal/api/keys";
import type { FourEyesSetting } from "../../universal/config/four-eyes-rule";
import { consoleCall } from "./client";

/** Changes waiting for a second admin and the latest decided ones (app/api/config/proposals). */
export const configProposalsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.config, "proposals"],
    queryFn: ({ signal }) => consoleCall("GET /api/config/proposals", { signal }),
  });

/** Which parts of the configuration need a second admin (app/api/config/four-eyes). */
export const fourEyesQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.config, "four-eyes"],
    queryFn: ({ signal }) => consoleCall("GET /api/config/four-eyes", { signal }),
  });

/** Applied at once (`proposal: null`), or stored for a second admin when it turns a part off. */
export function changeFourEyes(setting: FourEyesSetting) {
  return consoleCall("PUT /api/config/four-eyes", { body: setting });
}

export function decideProposal(id: string, decision: "approve" | "decline" | "withdraw") {
  return consoleCall(`POST /api/config/proposals/[id]/${decision}`, { params: { id } });
}

/** What waits for the reader as the second person, every kind (app/api/proposals/waiting), for the overview. */
export const waitingProposalsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.config, "proposals", "waiting-for-me"],
    queryFn: ({ signal }) => consoleCall("GET /api/proposals/waiting", { signal }),
    refetchInterval: 60_000,
  });
