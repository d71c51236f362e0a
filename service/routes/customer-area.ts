import type { FastifyPluginAsync } from "fastify";
import type { ServiceContext } from "../context";
import { accountRoutes } from "./accounts";
import { bulkImportRoutes } from "./bulk-import";
import { customerRoutes } from "./customers";
import { kycPages, kycRoutes } from "./kyc";

/** Customers, accounts, KYC links and bulk import, under the versioned base path. */
export const customerAreaRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    await app.register(customerRoutes(context));
    await app.register(accountRoutes(context));
    await app.register(kycRoutes(context));
    await app.register(bulkImportRoutes(context));
  };

/** Pages the service serves to people (the hosted KYC page), outside the API's base path. */
export const customerAreaPages =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    await app.register(kycPages(context));
  };
