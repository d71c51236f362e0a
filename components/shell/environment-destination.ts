import { activeHref } from "./nav-items";

/**
 * Where a switch of environment lands: the same area of the console (a list, a form), never a record's page (its id
 * does not exist in the other environment), and the overview when the area is not open there (the sandbox console
 * in production).
 */
export function switchDestination(pathname: string, allowedAreas: readonly string[]): string {
  const area = activeHref(pathname, allowedAreas);
  return area ?? "/";
}
