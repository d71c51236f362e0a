import "server-only";
import { decisionOf } from "../../../universal/relay/route-table";
import { currentEnvironment } from "../../environments/current";
import { announce } from "../../events/announce";
import { guardedOf, type RelayStep, stepWhen } from "./step";

/** After an accepted decision on a held payment, open pages hear of it (lib/server/events/announce.ts). */
export const announceStep: RelayStep = stepWhen(
  (context) => context.route.announce !== undefined,
  async (context, next) => {
    await next();
    const { route, answer, targetId } = context;
    const decision = decisionOf(context.action);
    if (
      !route.announce ||
      !answer ||
      answer.replayed ||
      answer.interim ||
      answer.outcome !== "allowed" ||
      !targetId ||
      !decision
    ) {
      return;
    }
    await announce({
      kind: route.announce,
      environment: currentEnvironment(),
      transactionId: targetId,
      decision,
      decidedBy: guardedOf(context).user.email,
      decidedByName: guardedOf(context).user.name,
      // The API's moment (its clock is the platform's, which may run apart from the console's), else now.
      decidedAt: updatedAtOf(answer.json) ?? new Date().toISOString(),
    });
  },
);

function updatedAtOf(json: unknown): string | undefined {
  const value = json && typeof json === "object" ? (json as { updatedAt?: unknown }).updatedAt : undefined;
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : undefined;
}
