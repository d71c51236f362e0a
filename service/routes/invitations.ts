import type { FastifyPluginAsync } from "fastify";
import { claimInvitationBodySchema, createInvitationBodySchema } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { cancelInvitation, claimInvitation, createInvitation, getInvitation } from "../domain/invitations";
import { parseOrThrow } from "../validation";

type InvitationParams = { Params: { code: string } };

export const invitationRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.post("/invitations", async (request, reply) => {
      const body = parseOrThrow(createInvitationBodySchema, request.body);
      return reply.status(201).send(await createInvitation(context, body));
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
