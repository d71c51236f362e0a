import "server-only";
import { platformConfigSchema } from "../../../shared/contract";
import { type ConfigSettings, settingsFromConfig } from "../../universal/config/diff";
import { log } from "../log/logger";
import { readApi } from "../payment-api/read";

/**
 * The configuration's settings as the payment API holds them now, read just before the console relays a change to
 * them, so the configuration's history shows what each change replaced, whoever made the change before it (the
 * console or anyone else with a credential). Null when it cannot be read: the change still goes ahead, and its
 * history entry says what it set without a before.
 */
export async function readConfigSettings(requestId: string): Promise<ConfigSettings | null> {
  try {
    return settingsFromConfig(await readApi("/config", platformConfigSchema));
  } catch (error) {
    log.warn("config", "could not read the configuration before a change", { requestId, error });
    return null;
  }
}

/** The settings in the API's answer to PATCH /config (the configuration after the change), or null. */
export function settingsOfAnswer(json: unknown): ConfigSettings | null {
  const parsed = platformConfigSchema.safeParse(json);
  return parsed.success ? settingsFromConfig(parsed.data) : null;
}
