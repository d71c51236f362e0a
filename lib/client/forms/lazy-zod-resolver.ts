"use client";

import * as React from "react";
import type { FieldValues, Resolver } from "react-hook-form";
import type * as z from "zod/v4/core";
import { whenIdle } from "@/lib/client/browser/when-idle";

/** A react-hook-form resolver whose zod schema (and zod itself) is fetched on first use; `preload` fetches it early. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/**
 * Validation with the very same contract schemas, without putting zod into a page's first-load JavaScript: `load`
 * imports the schema module with `await import()` and returns the schema, once; every validation then runs
 * `zodResolver(schema)` exactly as a form did before. Pure helpers a form needs at render time (defaults, labels,
 * field lists) live in zod-free modules.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.$ZodType<Output, Input>>,
  {
    perValidation = false,
  }: {
    /** Call `load` at every validation, for rules that depend on what the form holds (kept in a ref). */
    perValidation?: boolean;
  } = {},
): LazyResolver<Input, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  const get = () => {
    const pending =
      loaded ??
      // With zod comes its messages in a person's words, for a form's own schema as for the contract's.
      Promise.all([load(), import("@hookform/resolvers/zod"), import("@/shared/contract/messages")]).then(
        ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<Input, unknown, Output>,
      );
    if (!perValidation && !loaded) {
      loaded = pending;
      // A failed download is retried at the next validation instead of being remembered.
      pending.catch(() => {
        loaded = undefined;
      });
    }
    return pending;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      void get().catch(() => undefined);
    },
  });
}

/**
 * `lazyZodResolver` for a component: rebuilt when `deps` change (a schema that depends on a currency, say), and
 * preloaded when the browser is idle, so the first validation rarely waits. Forms also call `preload` on focus.
 */
export function useLazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.$ZodType<Output, Input>>,
  deps: React.DependencyList,
  options?: Parameters<typeof lazyZodResolver>[1],
): LazyResolver<Input, Output> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what `load` depends on.
  const resolver = React.useMemo(() => lazyZodResolver(load, options), deps);
  React.useEffect(() => whenIdle(resolver.preload), [resolver]);
  return resolver;
}
