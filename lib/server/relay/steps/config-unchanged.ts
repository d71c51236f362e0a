import "server-only";
import { ApiError } from "../../../../shared/api-error";
import { fourEyesPartsInWords } from "../../../universal/config/four-eyes-rule";
import {
  CONFIG_EXPECTED_HEADER,
  configStamp,
  partsSetBy,
  type StampedPart,
} from "../../../universal/config/stamp";
import { readConfigSettings } from "../../config/snapshot";
import { oneAtATimeAcrossConsoles } from "../../db/one-at-a-time";
import { currentEnvironment } from "../../environments/current";
import { passesCheck } from "./held-answers";
import { type RelayStep, stepWhen } from "./step";

/**
 * No lost update of the configuration: a console page sends, with its change, the stamp of the parts it changes as it
 * showed them (lib/universal/config/stamp.ts). The API replaces each part whole (the currency list, the domain, the
 * endpoint), so a change saved from a page opened before another admin's save would undo theirs without either
 * knowing. When those parts are not as the page showed them, nothing is sent: 409 CONFIG_CHANGED_MEANWHILE. Read
 * again here, one change at a time (across consoles), so two saves at the same moment cannot both pass on what each
 * read before the other. A call without the header (a program's, through a token) is relayed as the API would take it.
 */
export const configUnchangedStep: RelayStep = stepWhen(
  (context) => context.action === "config.update" && context.headers.get(CONFIG_EXPECTED_HEADER) !== null,
  (context, next) =>
    oneAtATimeAcrossConsoles(`config:${currentEnvironment()}`, async () => {
      const expected = context.headers.get(CONFIG_EXPECTED_HEADER);
      const parts = partsSetBy((context.parsedBody ?? {}) as Partial<Record<StampedPart, unknown>>);
      const unchanged = await passesCheck(
        context,
        async () => {
          const now = await readConfigSettings(context.requestId);
          if (!now) throw unreadable();
          context.configBefore = now;
          if (configStamp(now, parts) !== expected) throw changedMeanwhile(parts);
        },
        { what: "the configuration could not be compared before a change", unavailable: unreadable() },
      );
      if (unchanged) await next();
    }),
);

const unreadable = () =>
  new ApiError(
    503,
    "CONFIG_UNREADABLE",
    "The configuration could not be read to check that no one changed it meanwhile; nothing was changed. Try again.",
  );

function changedMeanwhile(parts: readonly StampedPart[]): ApiError {
  const what = fourEyesPartsInWords(parts) || "the configuration";
  return new ApiError(
    409,
    "CONFIG_CHANGED_MEANWHILE",
    `Someone changed ${what} after you started editing, and saving yours would undo their change; nothing was saved. Load the configuration as it is now, then make your change again.`,
    { parts: [...parts] },
  );
}
