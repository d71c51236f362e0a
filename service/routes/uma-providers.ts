import type { FastifyPluginAsync } from "fastify";
import { listUmaProvidersQuerySchema } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { listUmaProviders } from "../domain/uma-providers";
import { parseOrThrow } from "../validation";

/** GET /uma-providers: who the platform can pay over UMA, and who is blocked (api-notes §8). */
export const umaProviderRoutes =
  (_context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.get("/uma-providers", async (request) =>
      listUmaProviders(parseOrThrow(listUmaProvidersQuerySchema, request.query)),
    );
  };
