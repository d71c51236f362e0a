import {
  AppRouterContext,
  type AppRouterInstance,
} from "next/dist/shared/lib/app-router-context.shared-runtime";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { dataTableColumnHelper } from "./columns";
import { DataTable, type DataTableProps, type DataTableQuery } from "./data-table";

type Fruit = { id: string; name: string };
const col = dataTableColumnHelper<Fruit>();
const columns = col.columns([col.accessor("name", { header: "Name" })]);
const FRUITS: Fruit[] = [
  { id: "a", name: "Apple" },
  { id: "b", name: "Banana" },
];

// A router that goes nowhere: these tests render and never navigate.
const router = {
  back: () => {},
  forward: () => {},
  refresh: () => {},
  push: () => {},
  replace: () => {},
  prefetch: () => {},
} as unknown as AppRouterInstance;

/** The table as the server renders it, with a router and a URL of its own. */
function render(props: DataTableProps<Fruit>): string {
  return renderToStaticMarkup(
    createElement(
      AppRouterContext.Provider,
      { value: router },
      createElement(NuqsTestingAdapter, null, createElement(DataTable<Fruit>, props)),
    ),
  );
}

const FRAME = "rounded-lg border";

describe("DataTable", () => {
  it("lays out a cursor page with its caption, frame and page bar", () => {
    const html = render({
      columns,
      query: {
        data: { data: FRUITS, hasMore: true, nextCursor: "c2" },
        isPending: false,
        error: null,
        refetch: () => {},
      },
      getRowId: (fruit) => fruit.id,
      label: "Fruits",
      itemNoun: { one: "fruit", other: "fruits" },
    });
    expect(html).toContain('<caption class="sr-only">Fruits</caption>');
    expect(html).toContain(FRAME);
    expect(html).toContain("Apple");
    expect(html).toMatch(/Next/);
  });

  it("keeps Next pressable while the page refreshes in the background, not while another page's rows stand in", () => {
    const next = (query: Partial<DataTableQuery<Fruit>>) => {
      const html = render({
        columns,
        query: {
          data: { data: FRUITS, hasMore: true, nextCursor: "c2" },
          isPending: false,
          error: null,
          refetch: () => {},
          ...query,
        },
        getRowId: (fruit) => fruit.id,
        label: "Fruits",
      });
      return html.match(/<button[^>]*>(?:(?!<\/button>).)*Next/)?.[0] ?? "";
    };
    expect(next({})).not.toContain('aria-disabled="true"');
    // A live event refreshes the page the person is reading: the cursor on screen still follows those rows.
    expect(next({ isFetching: true })).not.toContain('aria-disabled="true"');
    // The rows on screen are the previous page's while the next one loads: following their cursor again would
    // skip a page.
    expect(next({ isFetching: true, isPlaceholderData: true })).toContain('aria-disabled="true"');
  });

  it("shows rows already in hand without a page bar, named by a heading, unframed, with each row's own marks", () => {
    const html = render({
      columns,
      rows: FRUITS,
      paginated: false,
      getRowId: (fruit, index) => `${fruit.id}-${index}`,
      label: "Fruits",
      labelledBy: "fruits-heading",
      framed: false,
      rowProps: (fruit) => ({ className: "row-mark", "aria-current": fruit.id === "b" ? "true" : undefined }),
    });
    expect(html).toContain('aria-labelledby="fruits-heading"');
    expect(html).not.toContain("<caption");
    expect(html).not.toContain(FRAME);
    expect(html).not.toMatch(/Next/);
    expect(html.match(/<tr[^>]*row-mark/g)).toHaveLength(2);
    expect(html).toMatch(/<tr[^>]*aria-current="true"[^>]*>(?:(?!<\/tr>).)*Banana/);
    expect(html).not.toMatch(/<tr[^>]*aria-current="true"[^>]*>(?:(?!<\/tr>).)*Apple/);
  });

  it("gives a whole list's loading, error and empty states the words and heading level asked for", () => {
    const base = {
      columns,
      paginated: false,
      getRowId: (fruit: Fruit) => fruit.id,
      label: "Fruits",
    } as const;
    const loading = render({
      ...base,
      query: { data: undefined, isPending: true, error: null, refetch: () => {} },
      loadingLabel: "Loading the orchard",
    });
    expect(loading).toContain("Loading the orchard");
    const failed = render({
      ...base,
      query: { data: undefined, isPending: false, error: new Error("down"), refetch: () => {} },
      errorTitle: "The fruits could not be picked",
      headingLevel: "h3",
    });
    expect(failed).toMatch(/<h3[^>]*>The fruits could not be picked<\/h3>/);
    const empty = render({
      ...base,
      query: { data: { data: [] }, isPending: false, error: null, refetch: () => {} },
      headingLevel: "h3",
      empty: { title: "No fruit this season" },
    });
    expect(empty).toMatch(/<h3[^>]*>No fruit this season<\/h3>/);
  });
});
