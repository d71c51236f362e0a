import type { FastifyPluginAsync } from "fastify";
import {
  createCustomerExternalAccountBodySchema,
  createPlatformExternalAccountBodySchema,
  listCustomerExternalAccountsQuerySchema,
  listCustomerInternalAccountsQuerySchema,
  listPlatformExternalAccountsQuerySchema,
  listPlatformInternalAccountsQuerySchema,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import {
  listCustomerInternalAccounts,
  listPlatformInternalAccounts,
} from "../domain/customer-internal-accounts";
import {
  createCustomerExternalAccount,
  createPlatformExternalAccount,
  listCustomerExternalAccounts,
  listPlatformExternalAccounts,
  presentExternalAccount,
} from "../domain/external-accounts";
import { customerAreaCode, parseOrThrow } from "../validation";

/** Internal accounts (prefunded balances) and external accounts (bank accounts, api-notes §7). */
export const accountRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    // GET /customers/internal-accounts — customers' internal accounts, paginated
    app.get("/customers/internal-accounts", async (request) =>
      listCustomerInternalAccounts(
        context,
        parseOrThrow(listCustomerInternalAccountsQuerySchema, request.query, customerAreaCode),
      ),
    );

    // GET /platform/internal-accounts — the platform's own accounts, not paginated
    app.get("/platform/internal-accounts", async (request) =>
      listPlatformInternalAccounts(
        context,
        parseOrThrow(listPlatformInternalAccountsQuerySchema, request.query, customerAreaCode),
      ),
    );

    // GET /customers/external-accounts — customers' bank accounts, paginated
    app.get("/customers/external-accounts", async (request) =>
      listCustomerExternalAccounts(
        context,
        parseOrThrow(listCustomerExternalAccountsQuerySchema, request.query, customerAreaCode),
      ),
    );

    // POST /customers/external-accounts — add a bank account to a customer
    app.post("/customers/external-accounts", async (request, reply) => {
      const body = parseOrThrow(createCustomerExternalAccountBodySchema, request.body, customerAreaCode);
      return reply.code(201).send(presentExternalAccount(await createCustomerExternalAccount(context, body)));
    });

    // GET /platform/external-accounts — the platform's bank accounts, paginated
    app.get("/platform/external-accounts", async (request) =>
      listPlatformExternalAccounts(
        context,
        parseOrThrow(listPlatformExternalAccountsQuerySchema, request.query, customerAreaCode),
      ),
    );

    // POST /platform/external-accounts — add a bank account to the platform
    app.post("/platform/external-accounts", async (request, reply) => {
      const body = parseOrThrow(createPlatformExternalAccountBodySchema, request.body, customerAreaCode);
      return reply.code(201).send(presentExternalAccount(await createPlatformExternalAccount(context, body)));
    });
  };
