import "server-only";
import { env } from "../env";
import { currentEnvironment } from "./current";
import { environmentSettings } from "./settings";

/** The public key the environment the person acts on signs its webhooks with (each environment has its own). */
export function currentWebhookPublicKey(): string | undefined {
  return environmentSettings(env(), currentEnvironment()).webhookPublicKey;
}

/** The console's setting that holds the key of the environment the person acts on. */
export function currentWebhookKeySetting(): string {
  const environment = currentEnvironment();
  return environment === env().PAYMENT_API_ENVIRONMENT
    ? "WEBHOOK_PUBLIC_KEY"
    : `WEBHOOK_${environment.toUpperCase()}_PUBLIC_KEY`;
}
