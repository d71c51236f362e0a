import "server-only";
import { type PersonalDataCategory, seesEveryCategory } from "../../../universal/privacy/fields";
import { maskPersonalDataBytes } from "../../../universal/privacy/mask-json-bytes";
import { maskPersonalData } from "../../../universal/privacy/mask-transaction";
import { keptVisibleCategories, visibleCategories } from "../../privacy/visibility";
import { guardedOf, type RelayContext, type RelayStep, stepWhen } from "./step";

/** The API's answers that may carry a counterparty's personal data: payments, and the local service's delivery log. */
const CARRIERS = new Set(["transactions", "sandbox", "quotes", "_local"]);

/**
 * Masks a counterparty's personal data (counterpartyInformation) in answers to people whose role may not see it
 * unmasked (lib/privacy: admins choose per role; compliance reveals a field with a reason, audited). Runs before the
 * relay, which then holds such reads whole; on the way back it masks an audited call's answer before the audit and
 * the action key keep it. People who see everything pay nothing: their reads still stream. Without a wait of its
 * own while this process keeps the setting (lib/server/privacy/visibility.ts).
 */
export const personalDataStep: RelayStep = stepWhen(
  (context) => CARRIERS.has(context.segments[0] ?? ""),
  (context, next) => {
    const { role } = guardedOf(context).user;
    const kept = keptVisibleCategories(role);
    if (kept) return maskFor(context, kept, next);
    return visibleCategories(role).then((visible) => maskFor(context, visible, next));
  },
);

function maskFor(
  context: RelayContext,
  visible: readonly PersonalDataCategory[],
  next: () => Promise<void>,
): Promise<void> {
  if (seesEveryCategory(visible)) return next();
  // Only the counterparty objects in the answer's bytes are read and rewritten (most answers have none).
  context.transformAnswer = (body) => maskPersonalDataBytes(body, visible);
  // A read's answer is masked by the relay as it passes; an audited call's is held, and masked here.
  if (!context.audited) return next();
  return next().then(() => {
    const answer = context.answer;
    if (!answer || answer.json === null || typeof answer.json !== "object") return;
    const masked = maskPersonalData(answer.json, visible);
    if (masked === answer.json) return;
    context.answer = { ...answer, json: masked, text: JSON.stringify(masked) };
  });
}
