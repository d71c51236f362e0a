import type { FastifyPluginAsync } from "fastify";
import {
  fundSandboxInternalAccountBodySchema,
  receiveSandboxUmaPaymentBodySchema,
  sendSandboxPaymentBodySchema,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { receiveSandboxPayment } from "../domain/incoming-payments";
import { fundInternalAccount, sendSandboxPayment } from "../domain/sandbox";
import { parseOrThrow } from "../validation";

type FundParams = { Params: { accountId: string } };

/** The sandbox's simulations; app.ts refuses them to production credentials. */
export const sandboxRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.post<FundParams>("/sandbox/internal-accounts/:accountId/fund", async (request) => {
      const body = parseOrThrow(fundSandboxInternalAccountBodySchema, request.body);
      return fundInternalAccount(context, request.params.accountId, body.amount);
    });

    app.post("/sandbox/send", async (request) =>
      sendSandboxPayment(context, parseOrThrow(sendSandboxPaymentBodySchema, request.body)),
    );

    app.post("/sandbox/uma/receive", async (request) =>
      receiveSandboxPayment(context, parseOrThrow(receiveSandboxUmaPaymentBodySchema, request.body)),
    );
  };
