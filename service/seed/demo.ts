import type { ServiceContext } from "../app";
import { platformConfig } from "../db/schema";
import { getOrCreateConfig, updateConfig } from "../domain/config";

export const DEMO_UMA_DOMAIN = "demo.uma.localhost";

/**
 * The demo platform of the embedded default, created through the service's own domain code. Returns false when
 * the platform was already configured, so a second start changes nothing.
 */
export async function seedDemo(
  context: ServiceContext,
  options: { webhookEndpoint: string },
): Promise<boolean> {
  const existing = await context.db.select({ id: platformConfig.id }).from(platformConfig).limit(1);
  if (existing.length > 0) return false;
  await getOrCreateConfig(context);
  await updateConfig(context, {
    umaDomain: DEMO_UMA_DOMAIN,
    webhookEndpoint: options.webhookEndpoint,
    supportedCurrencies: [
      {
        currencyCode: "USD",
        minAmount: 100,
        maxAmount: 10_000_000_00,
        requiredCounterpartyFields: [
          { name: "FULL_NAME", mandatory: true },
          { name: "BIRTH_DATE", mandatory: false },
        ],
      },
      {
        currencyCode: "EUR",
        minAmount: 100,
        maxAmount: 5_000_000_00,
        requiredCounterpartyFields: [
          { name: "FULL_NAME", mandatory: true },
          { name: "NATIONALITY", mandatory: true },
        ],
      },
      {
        currencyCode: "MXN",
        minAmount: 1_000,
        maxAmount: 100_000_000_00,
        requiredCounterpartyFields: [{ name: "FULL_NAME", mandatory: true }],
      },
    ],
  });
  return true;
}
