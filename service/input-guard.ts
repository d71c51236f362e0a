import { ApiError } from "./errors";

const MAX_DEPTH = 32;

function offending(value: unknown, depth: number): string | null {
  if (depth > MAX_DEPTH) return "nested too deeply";
  if (typeof value === "string") return value.includes("\u0000") ? "contains a NUL character" : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = offending(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes("\u0000") ? "contains a NUL character" : offending(item, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Refuses input that no endpoint can accept, before any endpoint sees it: NUL characters (PostgreSQL text cannot
 * hold them) and absurd nesting, in the body, the query and the path.
 */
export function assertAcceptableInput(parts: { body?: unknown; query?: unknown; params?: unknown }): void {
  for (const [where, value] of Object.entries(parts)) {
    const problem = offending(value, 0);
    if (problem) {
      throw new ApiError(
        400,
        "INVALID_INPUT",
        `The request ${where === "params" ? "path" : where} ${problem}.`,
      );
    }
  }
}
