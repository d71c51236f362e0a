/**
 * `work`, or a rejection with a time-out error once `ms` have passed first (the work is then left to finish, its
 * outcome unseen).
 */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("time-out")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
