import type { FastifyPluginAsync } from "fastify";
import { claimInvitationBodySchema, createInvitationBodySchema } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { cancelInvitation, claimInvitation, createInvitation, getInvitation } from "../domain/invitations";
import { parseOrThrow } from "../validation";

type InvitationParams = { Params: { code: string } };

export const invitationRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.post("/invitations", async (request) => {
      const body = parseOrThrow(createInvitationBodySchema, request.body);
      // 200: api-notes §1 lists the creations that answer 201 and this is not one ("everything else 200").
      return createInvitation(context, body);
    });

    app.get<InvitationParams>("/invitations/:code", async (request) =>
      getInvitation(context, request.params.code),
    );

    app.post<InvitationParams>("/invitations/:code/claim", async (request) => {
      const body = parseOrThrow(claimInvitationBodySchema, request.body);
      return claimInvitation(context, request.params.code, body);
    });

    // No body (api-notes §8); an empty one labelled JSON is no body.
    app.post<InvitationParams>("/invitations/:code/cancel", async (request) =>
      cancelInvitation(context, request.params.code),
    );
  };
