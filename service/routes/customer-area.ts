import type { FastifyPluginAsync } from "fastify";
import type { ServiceContext } from "../app";

/** Customers, accounts, KYC links and bulk import, under the versioned base path. */
export const customerAreaRoutes =
  (_context: ServiceContext): FastifyPluginAsync =>
  async () => {};

/** Pages the service serves to people (the hosted KYC page), outside the API's base path. */
export const customerAreaPages =
  (_context: ServiceContext): FastifyPluginAsync =>
  async () => {};
