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
    });
  },
);
