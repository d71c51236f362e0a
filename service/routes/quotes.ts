import type { FastifyPluginAsync } from "fastify";
import { createQuoteBodySchema, listQuotesQuerySchema, retryQuoteBodySchema } from "../../shared/contract";
import type { ServiceContext } from "../context";
import { createQuote, executeQuote, getQuote, listQuotes, retryQuote } from "../domain/quotes";
import { parseOrThrow } from "../validation";

type QuoteParams = { Params: { quoteId: string } };

export const quoteRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    app.post("/quotes", async (request, reply) => {
      const body = parseOrThrow(createQuoteBodySchema, request.body);
      return reply.status(201).send(await createQuote(context, body));
    });

    app.get("/quotes", async (request) =>
      listQuotes(context, parseOrThrow(listQuotesQuerySchema, request.query)),
    );

    app.get<QuoteParams>("/quotes/:quoteId", async (request) => getQuote(context, request.params.quoteId));

    app.post<QuoteParams>("/quotes/:quoteId/execute", async (request) =>
      executeQuote(context, request.params.quoteId),
    );

    app.post<QuoteParams>("/quotes/:quoteId/retry", async (request, reply) => {
      const body = parseOrThrow(retryQuoteBodySchema, request.body);
      return reply.status(201).send(await retryQuote(context, request.params.quoteId, body));
    });
  };
