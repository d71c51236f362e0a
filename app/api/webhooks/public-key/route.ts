// GET /api/webhooks/public-key — the public key the console verifies this environment's webhooks with, and the
// header it reads
import { createHash, createPublicKey } from "node:crypto";
import { env } from "@/lib/server/env";
import { currentEnvironment } from "@/lib/server/environments/current";
import { currentWebhookKeySetting, currentWebhookPublicKey } from "@/lib/server/environments/webhook-key";
import { consoleRoute } from "@/lib/server/guard/console-route";
import { NO_STORE } from "@/lib/server/http/errors";
import { CONSOLE_API } from "@/lib/universal/console-api/endpoints";

export const dynamic = "force-dynamic";

function describeKey(pem: string): { fingerprint: string; keyType: string } | { error: string } {
  try {
    const key = createPublicKey(pem);
    const der = key.export({ type: "spki", format: "der" });
    const curve = key.asymmetricKeyDetails?.namedCurve;
    return {
      // The fingerprint lets people compare keys at a glance without reading two PEM blocks line by line.
      fingerprint: createHash("sha256")
        .update(der)
        .digest("hex")
        .replace(/(..)(?=.)/g, "$1:"),
      keyType:
        key.asymmetricKeyType === "ec"
          ? `EC ${curve === "prime256v1" ? "P-256" : (curve ?? "")}`.trim()
          : String(key.asymmetricKeyType),
    };
  } catch {
    return { error: "The configured key is not a readable PEM public key." };
  }
}

export const GET = consoleRoute(CONSOLE_API["GET /api/webhooks/public-key"], async () => {
  const e = env();
  const pem = currentWebhookPublicKey()?.trim();
  return Response.json(
    {
      environment: currentEnvironment(),
      setting: currentWebhookKeySetting(),
      headerName: e.WEBHOOK_SIGNATURE_HEADER,
      publicKeyPem: pem || null,
      ...(pem ? describeKey(pem) : {}),
    },
    { headers: NO_STORE },
  );
});
