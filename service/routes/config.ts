import type { FastifyPluginAsync } from "fastify";
import { updateConfigBodySchema } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { getOrCreateConfig, presentConfig, updateConfig } from "../domain/config";
import { parseOrThrow } from "../validation";

export const configRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.get("/config", async () => presentConfig(await getOrCreateConfig(context)));

    app.patch("/config", async (request) => {
      const body = parseOrThrow(updateConfigBodySchema, request.body);
      return presentConfig(await updateConfig(context, body));
    });
  };
