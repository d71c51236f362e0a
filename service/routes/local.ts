import { createPublicKey } from "node:crypto";
import { desc, inArray, lt } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { API_VERSION } from "../config";
import type { ServiceContext } from "../context";
import type { ServiceDatabase } from "../db/client";
import { resetServiceData } from "../db/reset";
import { webhookAttempts, webhookEvents } from "../db/schema";
import { ApiError } from "../errors";
import { runAfterClockMove } from "../jobs/area-jobs";
import { AREAS } from "../jobs/worker";
import { parseOrThrow } from "../validation";

const advanceClockBodySchema = z.strictObject({
  seconds: z
    .int()
    .min(1)
    .max(365 * 24 * 60 * 60),
});

const listDeliveriesQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  // A time in milliseconds: at most 15 digits, so it is a date (a longer one is past any date and would not be).
  before: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

async function databaseAnswers(db: ServiceDatabase): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("time-out")), 2_000);
  });
  try {
    await Promise.race([db.pool.query("select 1"), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Extensions that are not part of the payment API: they exist only in this local service, for tests and the
 * sandbox console. Health and the public key are open; the rest need the credential like the API.
 */
export const localRoutes =
  (context: ServiceContext): FastifyPluginAsync =>
  async (app) => {
    const publicKeyPem = createPublicKey(context.config.webhookPrivateKeyPem)
      .export({ type: "spki", format: "pem" })
      .toString();

    // Every database this process serves: its own and, on the sandbox of two platforms, production's.
    const databases: [string, ServiceDatabase][] = [
      ["database", context.db],
      ...Object.entries(context.otherDatabases ?? {}),
    ];

    // Readiness as it always was (a database that cannot be reached is the API's 503 UNAVAILABLE, as anywhere).
    app.get("/health", async () => {
      await Promise.all(databases.map(([, db]) => db.pool.query("select 1")));
      return { status: "ok", apiVersion: API_VERSION };
    });

    // Liveness: the process answers; nothing else is checked.
    app.get("/health/live", async () => ({ status: "ok" }));

    // Readiness by dependency: its databases (the job workers run in this process, on them).
    app.get("/health/ready", async (_request, reply) => {
      const answers = await Promise.all(databases.map(([, db]) => databaseAnswers(db)));
      const ready = answers.every(Boolean);
      const checks = Object.fromEntries(databases.map(([name], i) => [name, answers[i] ? "ok" : "down"]));
      return reply.code(ready ? 200 : 503).send({ status: ready ? "ok" : "unavailable", checks });
    });

    app.get("/webhook-public-key", async (_request, reply) =>
      reply.type("application/x-pem-file").send(publicKeyPem),
    );

    app.get("/clock", async () => ({
      now: context.clock.now().toISOString(),
      offsetSeconds: context.clock.offset / 1000,
    }));

    app.post("/clock/advance", async (request) => {
      const body = parseOrThrow(advanceClockBodySchema, request.body);
      const now = await context.clock.advance(body.seconds * 1000);
      await runAfterClockMove(context, AREAS);
      return { now: now.toISOString(), offsetSeconds: context.clock.offset / 1000 };
    });

    app.get("/webhook-deliveries", async (request) => {
      const query = parseOrThrow(listDeliveriesQuerySchema, request.query);
      const events = await context.db
        .select()
        .from(webhookEvents)
        .where(query.before ? lt(webhookEvents.createdAt, new Date(Number(query.before))) : undefined)
        .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
        .limit(query.limit + 1);
      const page = events.slice(0, query.limit);
      const attempts = page.length
        ? await context.db
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.webhookId,
                page.map((event) => event.id),
              ),
            )
            .orderBy(webhookAttempts.id)
        : [];
      const last = page.at(-1);
      return {
        data: page.map((event) => ({
          webhookId: event.id,
          type: event.type,
          status: event.status,
          retryable: event.retryable,
          createdAt: event.createdAt.toISOString(),
          payload: event.payload,
          attempts: attempts
            .filter((attempt) => attempt.webhookId === event.id)
            .map((attempt) => ({
              url: attempt.url,
              attemptedAt: attempt.attemptedAt.toISOString(),
              durationMs: attempt.durationMs,
              statusCode: attempt.statusCode,
              responseBody: attempt.responseBody,
              error: attempt.error,
            })),
        })),
        hasMore: events.length > query.limit,
        ...(events.length > query.limit && last ? { nextBefore: String(last.createdAt.getTime()) } : {}),
      };
    });

    app.post("/reset", async () => {
      if (!context.config.enableReset) {
        throw new ApiError(
          403,
          "FORBIDDEN",
          "Reset is disabled; start the service with SERVICE_ENABLE_RESET=true.",
        );
      }
      await resetServiceData(context.db);
      await context.clock.refresh();
      return { reset: true };
    });
  };
