import { isUnstorableString } from "../shared/contract/storable-text";
import { ApiError } from "./errors";

/** At most this many arrays and objects inside one another. */
const MAX_DEPTH = 32;

/** What is wrong with a string PostgreSQL cannot store (the NUL case keeps its long-standing message). */
const unstorable = (value: string) =>
  value.includes("\u0000") ? "the NUL character" : "an unpaired UTF-16 surrogate";

interface Problem {
  path: string;
  message: string;
}

function find(value: unknown, path: string[], depth: number): Problem | null {
  const at = () => path.join(".") || "(root)";
  // Containers are what nest: the 33rd array or object inside the body is refused, empty or not, leaf or not.
  if (typeof value === "object" && value !== null && depth >= MAX_DEPTH) {
    return { path: at(), message: "Nested too deeply" };
  }
  if (typeof value === "string")
    return isUnstorableString(value) ? { path: at(), message: `Cannot contain ${unstorable(value)}` } : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = find(item, [...path, String(index)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (isUnstorableString(key)) {
        return { path: at(), message: `A field name cannot contain ${unstorable(key)}` };
      }
      const found = find(item, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses input that no endpoint can accept, before any endpoint sees it: NUL characters and unpaired surrogates
 * (PostgreSQL text or jsonb cannot hold them, shared/contract/storable-text.ts) and absurd nesting, in the body, the
 * query and the path, naming where.
 */
export function assertAcceptableInput(parts: { body?: unknown; query?: unknown; params?: unknown }): void {
  for (const [where, value] of Object.entries(parts)) {
    const problem = find(value, [], 0);
    if (problem) {
      const place =
        where === "body" ? problem.path : `${where === "params" ? "path" : "query"}.${problem.path}`;
      throw new ApiError(400, "INVALID_INPUT", `Invalid request: ${place}: ${problem.message}`, {
        fields: [{ path: place, message: problem.message }],
      });
    }
  }
}
