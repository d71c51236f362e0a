import type { Clause, Outcome, PolicyDocument, Rule } from "./rules";

/**
 * What a policy version changes against another (the active one): rules matched by their stable id, so an edited
 * rule reads as changed rather than removed and added. Pure, for the page and for the proposal's audit row.
 */

/** One condition slot of a rule that differs: added (before null), removed (after null) or replaced. */
interface ClauseChange {
  /** 1-based, as people count the conditions. */
  position: number;
  before: Clause | null;
  after: Clause | null;
}

interface RuleChange {
  id: string;
  name: string;
  /** The old name when it was renamed. */
  renamedFrom: string | null;
  clauses: ClauseChange[];
  outcome: { before: Outcome; after: Outcome } | null;
}

interface RuleMove {
  id: string;
  name: string;
  /** 1-based positions in the whole list. */
  from: number;
  to: number;
}

export interface PolicyDiff {
  added: { id: string; name: string; position: number; rule: Rule }[];
  removed: { id: string; name: string; position: number; rule: Rule }[];
  changed: RuleChange[];
  moved: RuleMove[];
  domains: { added: string[]; removed: string[] };
  /** Nothing differs. */
  same: boolean;
}

const EMPTY: PolicyDocument = { rules: [], allowListedDomains: [] };

/** Objects compared by content, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => sameValue(left[key], right[key]));
}

function clauseChanges(before: readonly Clause[], after: readonly Clause[]): ClauseChange[] {
  const changes: ClauseChange[] = [];
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    const old = before[index] ?? null;
    const now = after[index] ?? null;
    if (!sameValue(old, now)) changes.push({ position: index + 1, before: old, after: now });
  }
  return changes;
}

/**
 * Rules present in both whose order among the rules kept changed. The longest run of kept rules already in order
 * stays put; the others moved (so moving one rule to the top names that rule, not every rule it passed).
 */
function movedRules(base: readonly Rule[], next: readonly Rule[]): RuleMove[] {
  const kept = new Set(next.map((rule) => rule.id).filter((id) => base.some((rule) => rule.id === id)));
  const oldOrder = base.filter((rule) => kept.has(rule.id)).map((rule) => rule.id);
  const newOrder = next.filter((rule) => kept.has(rule.id)).map((rule) => rule.id);
  const rank = new Map(oldOrder.map((id, index) => [id, index]));
  const ranks = newOrder.map((id) => rank.get(id) ?? 0);
  // Longest increasing subsequence of the old ranks in the new order (n is small: at most 500 rules).
  const length = ranks.map(() => 1);
  const previous = ranks.map(() => -1);
  for (let i = 0; i < ranks.length; i++) {
    for (let j = 0; j < i; j++) {
      if ((ranks[j] ?? 0) < (ranks[i] ?? 0) && (length[j] ?? 0) + 1 > (length[i] ?? 0)) {
        length[i] = (length[j] ?? 0) + 1;
        previous[i] = j;
      }
    }
  }
  const stay = new Set<string>();
  let at = length.indexOf(Math.max(0, ...length));
  while (at >= 0) {
    stay.add(newOrder[at] ?? "");
    at = previous[at] ?? -1;
  }
  return next.flatMap((rule, index) =>
    kept.has(rule.id) && !stay.has(rule.id)
      ? [
          {
            id: rule.id,
            name: rule.name,
            from: base.findIndex((old) => old.id === rule.id) + 1,
            to: index + 1,
          },
        ]
      : [],
  );
}

/** `next` against `base` (the active version's document, or none when no version is active). */
export function diffPolicies(base: PolicyDocument | null, next: PolicyDocument): PolicyDiff {
  const old = base ?? EMPTY;
  const oldById = new Map(old.rules.map((rule) => [rule.id, rule]));
  const newIds = new Set(next.rules.map((rule) => rule.id));
  const added = next.rules.flatMap((rule, index) =>
    oldById.has(rule.id) ? [] : [{ id: rule.id, name: rule.name, position: index + 1, rule }],
  );
  const removed = old.rules.flatMap((rule, index) =>
    newIds.has(rule.id) ? [] : [{ id: rule.id, name: rule.name, position: index + 1, rule }],
  );
  const changed: RuleChange[] = [];
  for (const rule of next.rules) {
    const before = oldById.get(rule.id);
    if (!before) continue;
    const clauses = clauseChanges(before.when, rule.when);
    const outcome = sameValue(before.then, rule.then) ? null : { before: before.then, after: rule.then };
    const renamedFrom = before.name === rule.name ? null : before.name;
    if (clauses.length > 0 || outcome || renamedFrom !== null) {
      changed.push({ id: rule.id, name: rule.name, renamedFrom, clauses, outcome });
    }
  }
  const moved = movedRules(old.rules, next.rules);
  const oldDomains = new Set(old.allowListedDomains);
  const newDomains = new Set(next.allowListedDomains);
  const domains = {
    added: [...newDomains].filter((domain) => !oldDomains.has(domain)).sort(),
    removed: [...oldDomains].filter((domain) => !newDomains.has(domain)).sort(),
  };
  const same =
    added.length +
      removed.length +
      changed.length +
      moved.length +
      domains.added.length +
      domains.removed.length ===
    0;
  return { added, removed, changed, moved, domains, same };
}

/** The diff in counts, for an audit row's summary. */
export function diffCounts(diff: PolicyDiff) {
  return {
    rulesAdded: diff.added.map((rule) => rule.id),
    rulesRemoved: diff.removed.map((rule) => rule.id),
    rulesChanged: diff.changed.map((rule) => rule.id),
    rulesMoved: diff.moved.map((rule) => rule.id),
    domainsAdded: diff.domains.added,
    domainsRemoved: diff.domains.removed,
  };
}
