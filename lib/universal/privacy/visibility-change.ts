import { type Role, roles } from "../auth/permissions";
import {
  CATEGORY_LABELS,
  PERSONAL_DATA_CATEGORIES,
  type PersonalDataCategory,
  type Visibility,
} from "./fields";

/** One box of the Team page's personal-data table changed: a kind of data shown unmasked to a role, or masked again. */
export interface VisibilityChange {
  role: Role;
  category: PersonalDataCategory;
  /** True: the role now sees it unmasked; false: masked again. */
  unmasked: boolean;
}

/** What `after` changes from `before`, box by box, for every role but admins (who always see everything). */
export function visibilityChanges(before: Visibility, after: Visibility): VisibilityChange[] {
  const changes: VisibilityChange[] = [];
  for (const role of roles) {
    if (role === "admin") continue;
    for (const category of PERSONAL_DATA_CATEGORIES) {
      const was = before[role].includes(category);
      const is = after[role].includes(category);
      if (was !== is) changes.push({ role, category, unmasked: is });
    }
  }
  return changes;
}

/**
 * Whether a change needs a second admin: it shows some role a kind of data it saw masked. Masking more applies at
 * once, as a switch of the four-eyes setting turned on does; unmasking is a control loosened, so one admin cannot.
 */
export const unmasksAny = (changes: readonly VisibilityChange[]): boolean =>
  changes.some((change) => change.unmasked);

const ROLE_NAMES: Record<Role, string> = {
  admin: "admins",
  compliance: "compliance officers",
  developer: "developers",
  viewer: "viewers",
};

/** "Show senders' names and addresses unmasked to viewers; mask senders' tax ids from compliance officers". */
export function describeVisibilityChange(changes: readonly VisibilityChange[]): string {
  const parts: string[] = [];
  for (const unmasked of [true, false]) {
    for (const role of roles) {
      const kinds = changes
        .filter((change) => change.unmasked === unmasked && change.role === role)
        .map((change) => CATEGORY_LABELS[change.category].toLowerCase());
      if (kinds.length === 0) continue;
      const listed = kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}`;
      parts.push(
        unmasked
          ? `show senders' ${listed} unmasked to ${ROLE_NAMES[role]}`
          : `mask senders' ${listed} from ${ROLE_NAMES[role]}`,
      );
    }
  }
  const text = parts.join("; ") || "no change";
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
