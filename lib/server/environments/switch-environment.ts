import "server-only";
import { ApiError } from "../../../shared/api-error";
import type { Environment } from "../../universal/auth/permissions";
import { type AuditEntry, auditedAction } from "../audit/log";
import { currentEnvironment } from "./current";
import { availableEnvironments } from "./switch";

type Who = Pick<AuditEntry, "actor" | "requestId" | "clientRequestId">;

/**
 * PUT /api/environment: the switch, audited as `environment.switch` from the current environment to the asked one;
 * 409 when the console holds no credential for it. The route then issues the environment's signed cookie.
 */
export async function switchEnvironment(who: Who, environment: Environment): Promise<void> {
  const from = currentEnvironment();
  await auditedAction(
    { ...who, action: "environment.switch", targetId: environment, summary: { from, to: environment } },
    async () => {
      if (!availableEnvironments().includes(environment)) {
        throw new ApiError(
          409,
          "ENVIRONMENT_NOT_CONFIGURED",
          `This console holds no ${environment} credential (docs/CONFIGURATION.md, "Environments").`,
        );
      }
    },
  );
}
