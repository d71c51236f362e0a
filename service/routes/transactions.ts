import type { FastifyPluginAsync } from "fastify";
import {
  approveTransactionBodySchema,
  createTransferInBodySchema,
  createTransferOutBodySchema,
  listTransactionsQuerySchema,
  rejectTransactionBodySchema,
} from "../../shared/contract";
import type { ServiceContext } from "../context";
import { approveTransaction, rejectTransaction } from "../domain/incoming-payments";
import { expireDueQuotes, findQuoteTransaction } from "../domain/quotes";
import {
  findTransaction,
  listTransactions,
  presentTransaction,
  requireTransaction,
} from "../domain/transactions";
import { transferIn, transferOut } from "../domain/transfers";
import { parseOrThrow } from "../validation";

type TransactionParams = { Params: { transactionId: string } };

export const transactionRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.get("/transactions", async (request) => {
      const query = parseOrThrow(listTransactionsQuerySchema, request.query);
      // A real-time funded quote that expired has its payment listed EXPIRED from its expiresAt on: recorded first.
      await expireDueQuotes(context.db, context.clock.now());
      return listTransactions(context, query);
    });

    app.get<TransactionParams>("/transactions/:transactionId", async (request) => {
      const id = request.params.transactionId;
      const row = await findTransaction(context.db, id);
      if (row) return presentTransaction(row);
      // A quote's transaction exists, CREATED, from the moment the quote does.
      const planned = await findQuoteTransaction(context, id);
      if (planned) return planned;
      return presentTransaction(await requireTransaction(context.db, id));
    });

    app.post<TransactionParams>("/transactions/:transactionId/approve", async (request) => {
      const body = parseOrThrow(approveTransactionBodySchema, request.body);
      return approveTransaction(context, request.params.transactionId, body);
    });

    app.post<TransactionParams>("/transactions/:transactionId/reject", async (request) => {
      const body = parseOrThrow(rejectTransactionBodySchema, request.body);
      return rejectTransaction(context, request.params.transactionId, body);
    });

    app.post("/transfer-in", async (request, reply) => {
      const body = parseOrThrow(createTransferInBodySchema, request.body);
      return reply.status(201).send(await transferIn(context, body));
    });

    app.post("/transfer-out", async (request, reply) => {
      const body = parseOrThrow(createTransferOutBodySchema, request.body);
      return reply.status(201).send(await transferOut(context, body));
    });
  };
