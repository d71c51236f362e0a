"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type * as React from "react";

type LinkProps = React.ComponentProps<typeof NextLink>;

/** The address a link's `href` names, when it is one of the console's own pages. */
function ownPage(href: LinkProps["href"]): string | null {
  const text =
    typeof href === "string"
      ? href
      : `${href.pathname ?? ""}${href.search ?? (href.query ? `?${new URLSearchParams(href.query as Record<string, string>)}` : "")}`;
  return text.startsWith("/") && !text.startsWith("//") ? text : null;
}

/**
 * The console's link: next/link, prefetching the page it opens when a person points at it, touches it or reaches it
 * by keyboard, instead of every link as it scrolls into view. A list page shows the sidebar's 17 links and a link
 * in each of its rows: by default each was prefetched as the page loaded, twice (once per router state), some 70
 * server renders for one page view, all competing with the page's own hydration for a small machine's CPU
 * (docs/decisions/0064). `prefetch={false}` still turns prefetching off altogether. Every link of the console is
 * this one (biome.json refuses `next/link` elsewhere).
 */
export function Link({ href, prefetch, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const router = useRouter();
  const intent = () => {
    const page = prefetch === false ? null : ownPage(href);
    if (page) router.prefetch(page);
  };
  return (
    <NextLink
      {...props}
      href={href}
      prefetch={false}
      onPointerEnter={(event) => {
        intent();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        intent();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        intent();
        onTouchStart?.(event);
      }}
    />
  );
}
