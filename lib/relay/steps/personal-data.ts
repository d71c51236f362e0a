import "server-only";
import { PERSONAL_DATA_CATEGORIES } from "../../privacy/fields";
import { maskPersonalDataBytes } from "../../privacy/mask-json-bytes";
import { maskPersonalData } from "../../privacy/mask-transaction";
import { visibleCategories } from "../../privacy/visibility";
import { guardedOf, type RelayStep, stepWhen } from "./step";

/** The API's answers that may carry a counterparty's personal data: payments, and the local service's delivery log. */
const CARRIERS = new Set(["transactions", "sandbox", "quotes", "_local"]);

/**
 * Masks a counterparty's personal data (counterpartyInformation) in answers to people whose role may not see it
 * unmasked (lib/privacy: admins choose per role; compliance reveals a field with a reason, audited). Runs before the
 * relay, which then holds such reads whole; on the way back it masks an audited call's answer before the audit and
 * the action key keep it. People who see everything pay nothing: their reads still stream.
 */
export const personalDataStep: RelayStep = stepWhen(
  (context) => CARRIERS.has(context.segments[0] ?? ""),
  async (context, next) => {
    const { user } = guardedOf(context);
    const visible = await visibleCategories(user.role);
    if (PERSONAL_DATA_CATEGORIES.every((category) => visible.includes(category))) return next();
    // Only the counterparty objects in the answer's bytes are parsed and rewritten (most answers have none).
    context.transformAnswer = (body) => maskPersonalDataBytes(body, visible);
    await next();
    const answer = context.answer;
    if (!answer || answer.json === null || typeof answer.json !== "object") return;
    const masked = maskPersonalData(answer.json, visible);
    if (masked === answer.json) return;
    context.answer = { ...answer, json: masked, text: JSON.stringify(masked) };
  },
);
