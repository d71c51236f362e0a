import "server-only";
import { eq } from "drizzle-orm";
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
import { getConsoleDatabase } from "../db";
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
  const [row] = await getConsoleDatabase()
    .select({ value: consoleSettings.value })
    .from(consoleSettings)
    .where(eq(consoleSettings.key, KEY));
  const parsed = visibilityBodySchema.shape.visibility.safeParse(row?.value);
  const value = withAdminsSeeingAll(parsed.success ? parsed.data : DEFAULT_VISIBILITY);
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

export async function writeVisibility(visibility: Visibility, by: { email: string }): Promise<Visibility> {
  const value = withAdminsSeeingAll(visibility);
  await getConsoleDatabase()
    .insert(consoleSettings)
    .values({ key: KEY, value, updatedBy: by.email })
    .onConflictDoUpdate({
      target: consoleSettings.key,
      set: { value, updatedBy: by.email, updatedAt: new Date() },
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
