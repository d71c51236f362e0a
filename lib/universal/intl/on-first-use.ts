/**
 * A value made the first time it is asked for, then kept. For Intl's formatters, collators and display names: the
 * first Intl object a page makes loads the browser's locale data (about 45 ms of a list page's load under 4× CPU
 * throttling, measured), and one made at module scope is made while the page's code is evaluated, before React can
 * begin to hydrate anything; made on first use, it is made when something is first written with it.
 * lib/server/intl/no-intl-at-load.test.ts keeps module scope free of them.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
