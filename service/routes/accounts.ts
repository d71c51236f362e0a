import type { FastifyPluginAsync } from "fastify";
import {
  listCustomerExternalAccountsQuerySchema,
  listCustomerInternalAccountsQuerySchema,
  listPlatformExternalAccountsQuerySchema,
  listPlatformInternalAccountsQuerySchema,
} from "../../lib/contract";
import type { ServiceContext } from "../context";
import {
  listCustomerInternalAccounts,
  listPlatformInternalAccounts,
} from "../domain/customer-internal-accounts";
import { parseInput } from "../domain/customer-validation";
import {
  createCustomerExternalAccount,
  createPlatformExternalAccount,
  listCustomerExternalAccounts,
  listPlatformExternalAccounts,
  presentExternalAccount,
} from "../domain/external-accounts";

/** Internal accounts (prefunded balances) and external accounts (bank accounts, api-notes §7). */
export const accountRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    // GET /customers/internal-accounts — customers' internal accounts, paginated
    app.get("/customers/internal-accounts", async (request) =>
      listCustomerInternalAccounts(
        context,
        parseInput(listCustomerInternalAccountsQuerySchema, request.query),
      ),
    );

    // GET /platform/internal-accounts — the platform's own accounts, not paginated
    app.get("/platform/internal-accounts", async (request) =>
      listPlatformInternalAccounts(
        context,
        parseInput(listPlatformInternalAccountsQuerySchema, request.query),
      ),
    );

    // GET /customers/external-accounts — customers' bank accounts, paginated
    app.get("/customers/external-accounts", async (request) =>
      listCustomerExternalAccounts(
        context,
        parseInput(listCustomerExternalAccountsQuerySchema, request.query),
      ),
    );

    // POST /customers/external-accounts — add a bank account to a customer
    app.post("/customers/external-accounts", async (request, reply) =>
      reply
        .code(201)
        .send(presentExternalAccount(await createCustomerExternalAccount(context, request.body))),
    );

    // GET /platform/external-accounts — the platform's bank accounts, paginated
    app.get("/platform/external-accounts", async (request) =>
      listPlatformExternalAccounts(
        context,
        parseInput(listPlatformExternalAccountsQuerySchema, request.query),
      ),
    );

    // POST /platform/external-accounts — add a bank account to the platform
    app.post("/platform/external-accounts", async (request, reply) =>
      reply
        .code(201)
        .send(presentExternalAccount(await createPlatformExternalAccount(context, request.body))),
    );
  };
