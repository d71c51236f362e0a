import type { FastifyPluginAsync } from "fastify";
import { createTokenBodySchema, listTokensQuerySchema } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { assertMayGrant, createToken, deleteToken, getToken, listTokens } from "../domain/tokens";
import { parseOrThrow } from "../validation";

type TokenParams = { Params: { tokenId: string } };

/** API tokens (api-notes §8): created with their secret shown once, listed, read and revoked. */
export const tokenRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.post("/tokens", async (request, reply) => {
      const body = parseOrThrow(createTokenBodySchema, request.body);
      assertMayGrant(request.credential?.permissions, body.permissions);
      const environment = request.credential?.environment ?? "sandbox";
      return reply.status(201).send(await createToken(context, body, environment));
    });

    app.get("/tokens", async (request) =>
      listTokens(context, parseOrThrow(listTokensQuerySchema, request.query)),
    );

    app.get<TokenParams>("/tokens/:tokenId", async (request) => getToken(context, request.params.tokenId));

    app.delete<TokenParams>("/tokens/:tokenId", async (request, reply) => {
      await deleteToken(context, request.params.tokenId);
      return reply.status(204).send();
    });
  };
