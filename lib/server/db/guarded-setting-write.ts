import "server-only";
import { eq } from "drizzle-orm";
import type { ApiError } from "../../../shared/api-error";
import { getConsoleDatabase } from "./index";
import { consoleSettings } from "./schema";

/** A setting's stored value: a JSON object. */
type Setting = Record<string, unknown>;

/**
 * Writes the console setting `key`, only while what is stored still reads as the change was judged against
 * (`stillAsJudged`): two changes at once (one applied while a proposal over the old value is approved) cannot lose
 * one unseen. Otherwise throws `changed()` and writes nothing. `initial` is the setting's value when never set.
 */
export async function writeSettingOver(
  key: string,
  value: Setting,
  options: {
    initial: Setting;
    by: { email: string };
    stillAsJudged: (stored: unknown) => boolean;
    changed: () => ApiError;
  },
): Promise<void> {
  const now = new Date();
  await getConsoleDatabase().transaction(async (tx) => {
    // The row exists from here on (as `initial` when never set), so the lock below holds a first write too.
    await tx
      .insert(consoleSettings)
      .values({ key, value: options.initial, updatedBy: options.by.email, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ value: consoleSettings.value })
      .from(consoleSettings)
      .where(eq(consoleSettings.key, key))
      .for("update");
    if (!options.stillAsJudged(row?.value)) throw options.changed();
    await tx
      .update(consoleSettings)
      .set({ value, updatedBy: options.by.email, updatedAt: now })
      .where(eq(consoleSettings.key, key));
  });
}
