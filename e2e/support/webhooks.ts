import { createSign } from "node:crypto";
import pg from "pg";
import { consoleDatabaseUrl, webhookPrivateKey } from "./environment";

/** The header the console verifies (its default WEBHOOK_SIGNATURE_HEADER). */
export const SIGNATURE_HEADER = "X-Service-Signature";

/** Signs a body as the local payment service does, with its key unless another is given. */
export function signWebhook(body: string, key = webhookPrivateKey()): string {
  const signature = createSign("sha256").update(body).sign({ key, dsaEncoding: "der" }).toString("base64");
  return JSON.stringify({ v: "1", s: signature });
}

/** One query on the e2e console's own database, as its owner, for arranging and checking what was stored. */
export async function queryConsoleDatabase<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: consoleDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}
