import "server-only";
import { externalAccountSchema } from "../../../../shared/contract/accounts";
import { log } from "../../log/logger";
import { screenNewRecipient } from "../../screening/screen-recipient";
import type { RelayStep } from "./step";
import { stepWhen } from "./step";

const CREATED = new Set(["customer.external_account.create", "platform.external_account.create"]);

/**
 * An external account created through the console has its holder screened once the API has accepted it (issue 48):
 * a listed beneficiary is an alert for compliance before anyone tries to pay them (the payment's gate,
 * recipient-screening-clear.ts, screens it then at the latest). It never changes the answer; a failure is logged.
 */
export const screenRecipientStep: RelayStep = stepWhen(
  (context) => CREATED.has(context.action),
  async (context, next) => {
    await next();
    const answer = context.answer;
    if (!answer || answer.replayed || answer.outcome !== "allowed") return;
    const account = externalAccountSchema.safeParse(answer.json);
    if (!account.success) return;
    await screenNewRecipient(account.data).catch((error: unknown) =>
      log.error("screening", "an external account's holder could not be screened", {
        accountId: account.data.id,
        error,
      }),
    );
  },
);
