import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { emergencyHoldBodySchema } from "../../universal/console-api/bodies";
import type { EmergencyHold } from "../../universal/console-api/types";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { consoleSettings } from "../db/schema";

export { emergencyHoldBodySchema };

const EMERGENCY_HOLD_KEY = "emergency-hold";

export type { EmergencyHold };

const OFF: EmergencyHold = { on: false, reason: null, by: null, at: null };

const storedSchema = z.looseObject({
  on: z.boolean(),
  reason: z.string().nullable().optional(),
  by: z.string().nullable().optional(),
  at: z.string().nullable().optional(),
});

export async function readEmergencyHold(): Promise<EmergencyHold> {
  const [row] = await getConsoleDatabase()
    .select({ value: consoleSettings.value })
    .from(consoleSettings)
    .where(eq(consoleSettings.key, EMERGENCY_HOLD_KEY));
  const parsed = storedSchema.safeParse(row?.value);
  if (!parsed.success) return OFF;
  const { on, reason, by, at } = parsed.data;
  return { on, reason: reason ?? null, by: by ?? null, at: at ?? null };
}

export async function writeEmergencyHold(
  change: z.infer<typeof emergencyHoldBodySchema>,
  user: ConsoleUser,
): Promise<EmergencyHold> {
  const value: EmergencyHold = {
    on: change.on,
    reason: change.reason,
    by: user.email,
    at: new Date().toISOString(),
  };
  await getConsoleDatabase()
    .insert(consoleSettings)
    .values({ key: EMERGENCY_HOLD_KEY, value: { ...value }, updatedBy: user.email })
    .onConflictDoUpdate({
      target: consoleSettings.key,
      set: { value: { ...value }, updatedBy: user.email, updatedAt: new Date() },
    });
  return value;
}
