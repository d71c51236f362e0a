import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { diffConfig } from "../../../universal/config/diff";
import {
  type ConfigPatchBody,
  changedParts,
  type FourEyesPart,
  partsNeedingSecondAdmin,
  settingsAfter,
} from "../../../universal/config/four-eyes-rule";
import { createProposal, proposalOf, readFourEyes } from "../../config/proposals";
import { log } from "../../log/logger";
import { interimAnswer, stepErrorAnswer } from "./held-answers";
import type { HeldAnswer } from "./step";
import { guardedOf, type RelayStep, stepWhen } from "./step";

/**
 * Four-eyes for configuration changes (lib/universal/config/four-eyes-rule.ts): a PATCH /config that changes a part the
 * `four-eyes` setting puts under a second admin is not sent. It is stored as a proposal (the body as sent, the
 * configuration before it, the diff) and answered 202 with the proposal; another admin's approval applies it
 * (app/api/config/proposals/[id]/approve, through lib/server/relay/apply-config.ts). Runs after the audit step, so the
 * proposal is the change's own audit row, marked `fourEyes: proposed` with the proposal's id.
 */
export const configFourEyesStep: RelayStep = stepWhen(
  (context) => context.action === "config.update",
  async (context, next) => {
    let parts: FourEyesPart[];
    try {
      const setting = await readFourEyes();
      const body = (context.parsedBody ?? {}) as ConfigPatchBody;
      parts = partsNeedingSecondAdmin(setting, changedParts(context.configBefore ?? null, body));
      if (parts.length > 0) {
        const before = context.configBefore;
        if (!before) {
          throw new ApiError(
            503,
            "CONFIG_UNREADABLE",
            "This change needs a second admin, and the configuration could not be read to store it for them; nothing was changed. Try again.",
          );
        }
        const row = await createProposal({
          kind: "config",
          body: body as Record<string, unknown>,
          before,
          diff: diffConfig(before, settingsAfter(before, body)),
          user: guardedOf(context).user,
          requestId: context.requestId,
        });
        context.answer = proposalAnswer(proposalOf(row), context.requestId);
        return;
      }
    } catch (error) {
      if (!(error instanceof ApiError)) {
        log.error("proxy", "four-eyes check of a configuration change failed", {
          requestId: context.requestId,
          error,
        });
      }
      context.answer = errorAnswer(error, context.requestId);
      return;
    }
    await next();
  },
);

function proposalAnswer(proposal: ReturnType<typeof proposalOf>, requestId: string): HeldAnswer {
  const json = {
    ...proposal,
    message: "The change is stored as a proposal. It is applied when another admin approves it.",
  };
  return interimAnswer(json, requestId, { fourEyes: "proposed", proposalId: proposal.id });
}

function errorAnswer(error: unknown, requestId: string): HeldAnswer {
  const unavailable = new ApiError(
    503,
    "FOUR_EYES_CHECK_FAILED",
    "Whether this change needs a second admin could not be checked; nothing was changed. Try again.",
  );
  return stepErrorAnswer(error, unavailable, requestId);
}
