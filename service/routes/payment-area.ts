import type { FastifyPluginAsync } from "fastify";
import type { ServiceContext } from "../app";

/** Quotes, transactions, transfers, UMA lookups, invitations and the sandbox, under the versioned base path. */
export const paymentAreaRoutes =
  (_context: ServiceContext): FastifyPluginAsync =>
  async () => {};
