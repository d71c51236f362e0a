import type { FastifyPluginAsync } from "fastify";
import type { ServiceContext } from "../context";
import { invitationPages } from "./invitation-pages";
import { invitationRoutes } from "./invitations";
import { quoteRoutes } from "./quotes";
import { receiverRoutes } from "./receiver";
import { sandboxRoutes } from "./sandbox";
import { transactionRoutes } from "./transactions";
import { umaProviderRoutes } from "./uma-providers";

/** Quotes, transactions, transfers, UMA lookups and providers, invitations and the sandbox, under the versioned base path. */
export const paymentAreaRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    await app.register(quoteRoutes(context));
    await app.register(transactionRoutes(context));
    await app.register(receiverRoutes(context));
    await app.register(invitationRoutes(context));
    await app.register(sandboxRoutes(context));
    await app.register(umaProviderRoutes(context));
  };

/** Pages the service serves to people (the invitee's invitation page at an invitation's url), outside the base path. */
export const paymentAreaPages =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    await app.register(invitationPages(context));
  };
