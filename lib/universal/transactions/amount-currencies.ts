/** A currency the amount filter offers: the platform's supported ones, then those retired that it has history in. */
export type AmountCurrencyChoice = { code: string; retired: boolean };

/**
 * The currencies an amount range can be in: every one the platform supports, then every one it holds an account in
 * but no longer supports (retired: its balances and history stay readable, so its payments can still be found by
 * amount; the platform holds an account in each currency it ever supported). A currency chosen in the address that is
 * neither comes first, as typed, so the select shows what filters the list.
 */
export function amountCurrencyChoices(
  supported: readonly string[],
  held: readonly string[],
  chosen: string | null,
): AmountCurrencyChoice[] {
  const choices: AmountCurrencyChoice[] = supported.map((code) => ({ code, retired: false }));
  const retired = [...new Set(held)].filter((code) => !supported.includes(code)).sort();
  choices.push(...retired.map((code) => ({ code, retired: true })));
  if (chosen && !choices.some((choice) => choice.code === chosen)) {
    choices.unshift({ code: chosen, retired: false });
  }
  return choices;
}
