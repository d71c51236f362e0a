/**
 * How many lookups run at once: the payment API finds customers by one platformCustomerId per request, so a
 * 5,000-row file is 5,000 small requests, asked a few at a time (browsers open about six connections per host).
 */
export const ID_LOOKUP_CONCURRENCY = 6;

/**
 * The ids of `ids` for which `isInUse` answers true, in their given order, asked at most `concurrency` at a time.
 * The first failed lookup fails the whole answer and stops the lookups not yet started.
 */
export async function idsInUse(
  ids: readonly string[],
  isInUse: (id: string) => Promise<boolean>,
  { concurrency = ID_LOOKUP_CONCURRENCY }: { concurrency?: number } = {},
): Promise<string[]> {
  const answers = new Array<boolean>(ids.length).fill(false);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < ids.length) {
      const index = next++;
      try {
        answers[index] = await isInUse(ids[index] ?? "");
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, ids.length)) }, worker));
  return ids.filter((_, index) => answers[index]);
}
