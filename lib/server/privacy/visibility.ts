import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "../../../shared/api-error";
import type { Role } from "../../universal/auth/permissions";
import { visibilityBodySchema } from "../../universal/console-api/bodies";
import {
  DEFAULT_VISIBILITY,
  PERSONAL_DATA_CATEGORIES,
  type PersonalDataCategory,
  seesEveryCategory,
  type Visibility,
} from "../../universal/privacy/fields";
import { maskPersonalData } from "../../universal/privacy/mask-transaction";
import { visibilityChanges } from "../../universal/privacy/visibility-change";
import { getConsoleDatabase } from "../db";
import { writeSettingOver } from "../db/guarded-setting-write";
import { consoleSettings } from "../db/schema";

const KEY = "personal-data-visibility";
/** How long one process keeps the setting: a change reaches every console within this. */
const CACHE_MS = 2_000;

let cached: { value: Visibility; until: number } | undefined;
/** The read in progress, shared by every request that finds the setting expired meanwhile (one query, not one each). */
let reading: Promise<Visibility> | undefined;
/** Bumped by each write: a read that began before it does not keep what it read. */
let generation = 0;

export function readVisibility(): Promise<Visibility> {
  if (cached && cached.until > Date.now()) return Promise.resolve(cached.value);
  if (!reading) {
    const read = readFromDatabase().finally(() => {
      if (reading === read) reading = undefined;
    });
    reading = read;
  }
  return reading;
}

async function readFromDatabase(): Promise<Visibility> {
  const started = generation;
  const value = await readStoredVisibility();
  if (started === generation) cached = { value, until: Date.now() + CACHE_MS };
  return value;
}

/** The categories a role sees unmasked. */
export async function visibleCategories(role: Role): Promise<PersonalDataCategory[]> {
  return (await readVisibility())[role];
}

/** The same without a wait, while this process keeps the setting (undefined when it must be read again). */
export function keptVisibleCategories(role: Role): PersonalDataCategory[] | undefined {
  return cached && cached.until > Date.now() ? cached.value[role] : undefined;
}

function withAdminsSeeingAll(visibility: Visibility): Visibility {
  return { ...visibility, admin: [...PERSONAL_DATA_CATEGORIES] };
}

/** The setting as stored now, read past this process's copy: what a change is judged against. */
export async function readStoredVisibility(): Promise<Visibility> {
  const [row] = await getConsoleDatabase()
    .select({ value: consoleSettings.value })
    .from(consoleSettings)
    .where(eq(consoleSettings.key, KEY));
  return storedValue(row?.value);
}

function storedValue(value: unknown): Visibility {
  const parsed = visibilityBodySchema.shape.visibility.safeParse(value);
  return withAdminsSeeingAll(parsed.success ? parsed.data : DEFAULT_VISIBILITY);
}

/**
 * Writes the setting, only while it still reads `expected` (the setting the change was judged against): a change
 * approved while another is saved cannot undo it unseen. Otherwise 409 VISIBILITY_CHANGED, and nothing is written.
 */
export async function writeVisibility(
  visibility: Visibility,
  by: { email: string },
  expected: Visibility,
): Promise<Visibility> {
  const value = withAdminsSeeingAll(visibility);
  await writeSettingOver(KEY, value, {
    initial: DEFAULT_VISIBILITY,
    by,
    stillAsJudged: (stored) => visibilityChanges(storedValue(stored), expected).length === 0,
    changed: () =>
      new ApiError(
        409,
        "VISIBILITY_CHANGED",
        "Who sees personal data changed at the same moment, so this was not saved. Look at it again, then make your change.",
      ),
  });
  generation++;
  cached = undefined;
  reading = undefined;
  return value;
}

/** `json` as a person of `role` may see it: every counterpartyInformation in it masked where the role may not. */
export async function maskedFor<T>(role: Role, json: T): Promise<T> {
  const visible = await visibleCategories(role);
  if (seesEveryCategory(visible)) return json;
  return maskPersonalData(json, visible);
}
