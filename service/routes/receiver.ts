import type { FastifyPluginAsync } from "fastify";
import {
  lookupExternalAccountParamsSchema,
  lookupExternalAccountQuerySchema,
  lookupReceiverParamsSchema,
  lookupReceiverQuerySchema,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { lookupExternalAccount, lookupReceiver } from "../domain/receiver-lookup";
import { parseOrThrow } from "../validation";

export const receiverRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.get("/receiver/uma/:receiverUmaAddress", async (request) => {
      const params = parseOrThrow(lookupReceiverParamsSchema, request.params, "INVALID_UMA_ADDRESS");
      const query = parseOrThrow(lookupReceiverQuerySchema, request.query);
      return lookupReceiver(context, params.receiverUmaAddress, query);
    });
    app.get("/receiver/external-account/:accountId", async (request) => {
      const params = parseOrThrow(lookupExternalAccountParamsSchema, request.params);
      const query = parseOrThrow(lookupExternalAccountQuerySchema, request.query);
      return lookupExternalAccount(context, params.accountId, query);
    });
  };
