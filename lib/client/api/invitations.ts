import { queryOptions } from "@tanstack/react-query";
import { ApiError } from "../../../shared/api-error";
import type { ClaimInvitationBody, CreateInvitationBody, Invitation } from "../../../shared/contract";
import { queryKeys } from "../../universal/api/keys";
import type { RecentInvitation } from "../../universal/console-api/types";
import { consoleCall, paymentsFetch } from "./client";

export type { RecentInvitation };

export const invitationQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.invitation(code),
    queryFn: ({ signal }) =>
      paymentsFetch<Invitation>(`/invitations/${encodeURIComponent(code)}`, { signal }),
    // An unknown code stays unknown; asking again only delays the answer.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function createInvitation(body: CreateInvitationBody) {
  return paymentsFetch<Invitation>("/invitations", { method: "POST", body });
}

export function claimInvitation(code: string, body: ClaimInvitationBody) {
  return paymentsFetch<Invitation>(`/invitations/${encodeURIComponent(code)}/claim`, {
    method: "POST",
    body,
  });
}

/** POST /invitations/{code}/cancel: no body (api-notes §8). */
export function cancelInvitation(code: string) {
  return paymentsFetch<Invitation>(`/invitations/${encodeURIComponent(code)}/cancel`, { method: "POST" });
}

/** Under the invitations' key (an object, so no code collides with it): creating, claiming or cancelling refreshes it. */
export const recentInvitationsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.invitations, { list: "recent" }] as const,
    queryFn: ({ signal }) => consoleCall("GET /api/invitations", { signal }),
  });
