import "server-only";
import type { Environment } from "../../universal/auth/permissions";
import { switchBodySchema } from "../../universal/console-api/bodies";
import { ENVIRONMENT_COOKIE } from "../../universal/environments/names";
import { env } from "../env";
import { signedEnvironmentValue } from "./cookie-signature";
import { configuredEnvironments } from "./settings";

export { switchBodySchema };

/** The environments a person may switch between: the ones this console holds a credential for. */
export function availableEnvironments(): Environment[] {
  return configuredEnvironments(env()).map((one) => one.name);
}

// A year: the choice is this browser's until changed, as a dashboard's test-mode switch is.
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that keeps the choice; HttpOnly (the server renders the environment into every page), and signed for
 * the person: the console acts on no environment cookie it did not issue here to them
 * (lib/server/environments/cookie-signature.ts).
 */
export function environmentCookie(environment: Environment, userId: string, secure: boolean): string {
  return [
    `${ENVIRONMENT_COOKIE}=${signedEnvironmentValue(environment, userId, env().AUTH_SECRET)}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
