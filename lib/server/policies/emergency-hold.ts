import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ApiError } from "../../../shared/api-error";
import { emergencyHoldBodySchema } from "../../universal/console-api/bodies";
import type { EmergencyHold } from "../../universal/console-api/types";
import type { ConsoleUser } from "../auth/session-user";
import { getConsoleDatabase } from "../db";
import { writeSettingOver } from "../db/guarded-setting-write";
import { consoleSettings } from "../db/schema";

export { emergencyHoldBodySchema };

const EMERGENCY_HOLD_KEY = "emergency-hold";

export type { EmergencyHold };

const OFF: EmergencyHold = { on: false, reason: null, by: null, at: null, lift: null };

const storedSchema = z.looseObject({
  on: z.boolean(),
  reason: z.string().nullable().optional(),
  by: z.string().nullable().optional(),
  at: z.string().nullable().optional(),
  lift: z
    .object({ byId: z.string(), by: z.string(), reason: z.string(), at: z.string() })
    .nullable()
    .optional(),
});

function holdOf(value: unknown): EmergencyHold {
  const parsed = storedSchema.safeParse(value);
  if (!parsed.success) return OFF;
  const { on, reason, by, at, lift } = parsed.data;
  return { on, reason: reason ?? null, by: by ?? null, at: at ?? null, lift: on ? (lift ?? null) : null };
}

export async function readEmergencyHold(): Promise<EmergencyHold> {
  const [row] = await getConsoleDatabase()
    .select({ value: consoleSettings.value })
    .from(consoleSettings)
    .where(eq(consoleSettings.key, EMERGENCY_HOLD_KEY));
  return holdOf(row?.value);
}

/** Turns the hold on or off as `user`, at once, whatever it was (its callers decide whether they may). */
export async function writeEmergencyHold(
  change: z.infer<typeof emergencyHoldBodySchema>,
  user: ConsoleUser,
): Promise<EmergencyHold> {
  const value: EmergencyHold = {
    on: change.on,
    reason: change.reason,
    by: user.email,
    at: new Date().toISOString(),
    lift: null,
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

/**
 * Writes `next` only while the hold still reads `before` (what the change was judged against): a request to turn it
 * off and its confirmation, or two confirmations, at the same moment cannot both pass. Otherwise 409 HOLD_CHANGED.
 */
export async function writeEmergencyHoldOver(
  next: EmergencyHold,
  user: ConsoleUser,
  before: EmergencyHold,
): Promise<EmergencyHold> {
  await writeSettingOver(
    EMERGENCY_HOLD_KEY,
    { ...next },
    {
      initial: { ...OFF },
      by: user,
      stillAsJudged: (stored) => JSON.stringify(holdOf(stored)) === JSON.stringify(before),
      changed: () =>
        new ApiError(
          409,
          "HOLD_CHANGED",
          "The emergency hold changed at the same moment, so this was not saved. Look at it again.",
        ),
    },
  );
  return next;
}
