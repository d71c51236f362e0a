import type { FastifyPluginAsync } from "fastify";
import type { ServiceContext } from "../context";
import { sendTestWebhook } from "../domain/webhook-test";

export const webhookRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.post("/webhooks/test", async () => sendTestWebhook(context));
  };
