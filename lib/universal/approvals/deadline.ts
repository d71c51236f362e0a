/** Soonest stated deadline first; payments without one after them, in the order they came (a stable sort). */
export function bySoonestDeadline(a: { deadline: string | null }, b: { deadline: string | null }): number {
  if (a.deadline === null || b.deadline === null) {
    if (a.deadline === b.deadline) return 0;
    return a.deadline === null ? 1 : -1;
  }
  return Date.parse(a.deadline) - Date.parse(b.deadline);
}
