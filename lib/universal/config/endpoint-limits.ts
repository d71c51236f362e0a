import { updateConfigBodySchema } from "../../../shared/contract";
import { formatCount } from "../intl/count";

/**
 * The longest webhook endpoint the console saves. The payment API's reference gives the field no limit
 * (`webhookEndpoint`: "URL that receives webhooks"); 2,048 characters is what browsers and servers commonly accept
 * in a URL, far beyond any real endpoint, and keeps a pasted blob out of the configuration and its change history.
 */
export const WEBHOOK_ENDPOINT_MAX_LENGTH = 2_048;

/** Said by the form and by the server alike. */
export const endpointTooLong = (length: number) =>
  `At most ${formatCount(WEBHOOK_ENDPOINT_MAX_LENGTH)} characters (this one has ${formatCount(length)})`;

/** PATCH /config as the console relays it: the contract's body, with the console's limit on the endpoint's length. */
export const consoleUpdateConfigBodySchema = updateConfigBodySchema.check((ctx) => {
  const endpoint = ctx.value.webhookEndpoint;
  if (endpoint !== undefined && endpoint.length > WEBHOOK_ENDPOINT_MAX_LENGTH) {
    ctx.issues.push({
      code: "custom",
      path: ["webhookEndpoint"],
      message: endpointTooLong(endpoint.length),
      input: endpoint,
    });
  }
});
