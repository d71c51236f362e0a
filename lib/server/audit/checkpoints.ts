import "server-only";
import { getConsoleDatabase } from "../db";
import { runtimeRoleConcerns } from "../db/runtime-role";
import { env } from "../env";
import { log } from "../log/logger";
import { type AuditCheckpoint, auditCheckpointFile, writeAuditCheckpoint } from "./anchor";
import { consoleAuditKey } from "./log";

/** How often the console anchors the chain's head outside the database, besides at each export. */
const CHECKPOINT_INTERVAL_MS = 5 * 60_000;

/**
 * Appends a signed checkpoint of the audit chain's head to the checkpoint file (lib/server/audit/anchor.ts). Never throws:
 * a checkpoint missed is taken at the next one; it is logged.
 */
export async function checkpointAuditChain(): Promise<AuditCheckpoint | null> {
  try {
    const key = consoleAuditKey();
    if (!key) return null;
    const file = auditCheckpointFile({ ...process.env, AUDIT_CHECKPOINT_FILE: env().AUDIT_CHECKPOINT_FILE });
    return await writeAuditCheckpoint(getConsoleDatabase(), key, file);
  } catch (error) {
    log.warn("audit", "could not write a checkpoint of the audit chain", { error });
    return null;
  }
}

/**
 * At console start: a warning when the database role can change the audit log by itself (docs/DEPLOYMENT.md), and
 * a checkpoint now and every five minutes. A console without its configuration does nothing here (it answers 503).
 */
export function startAuditAnchor(): void {
  try {
    env();
  } catch {
    return;
  }
  void runtimeRoleConcerns(env().DATABASE_URL).then(
    (concerns) => {
      for (const concern of concerns)
        log.warn(
          "audit",
          `${concern}: it can truncate or rewrite the audit log; run the console as a role that owns nothing (docs/CONFIGURATION.md, DATABASE_MIGRATION_URL)`,
        );
    },
    () => {},
  );
  void checkpointAuditChain();
  setInterval(() => void checkpointAuditChain(), CHECKPOINT_INTERVAL_MS).unref();
}
