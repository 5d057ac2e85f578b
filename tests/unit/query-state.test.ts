// QueryState (components/ui/query-state.tsx), the dashboard's one way to show a query: rendered
// to HTML for each state a TanStack query can be in.
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { UseQueryResult } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/hooks/fetch-json";
import { QueryState } from "@/components/ui/query-state";

type Items = { items: string[] };

/** The fields of a query result that decide what shows, in one of its states. */
function query(state: { pending?: boolean; error?: Error; data?: Items }): UseQueryResult<Items, Error> {
  return {
    isPending: state.pending ?? false,
    isError: state.error !== undefined,
    error: state.error ?? null,
    data: state.data,
    refetch: async () => undefined,
  } as unknown as UseQueryResult<Items, Error>;
}

function render(
  q: UseQueryResult<Items, Error>,
  props: { loading?: string | ReactElement | null; errorPrefix?: string; errorViews?: Partial<Record<number, ReactNode>> } = {},
) {
  // Called as the function it is (it has no hooks): its render function is a prop named children.
  return renderToStaticMarkup(
    QueryState<Items>({
      query: q,
      loading: props.loading === undefined ? "Loading items…" : props.loading,
      rows: 2,
      errorPrefix: props.errorPrefix,
      errorViews: props.errorViews,
      isEmpty: (data: Items) => data.items.length === 0,
      empty: createElement("p", null, "No items yet"),
      children: (data: Items) =>
        createElement(
          "ul",
          null,
          data.items.map((i) => createElement("li", { key: i }, i)),
        ),
    }),
  );
}

describe("QueryState", () => {
  it("while loading: placeholder rows announced with the label, or the page's own placeholder, or nothing", () => {
    const html = render(query({ pending: true }));
    expect(html).toContain('role="status"');
    expect(html).toContain("Loading items…");
    expect(html.match(/animate-pulse/g)?.length).toBe(2 * 3);
    expect(render(query({ pending: true }), { loading: createElement("div", null, "Own placeholder") })).toBe("<div>Own placeholder</div>");
    expect(render(query({ pending: true }), { loading: null })).toBe("");
  });

  it("on an error: the error's message in an alert with Try again, after the prefix when there is one", () => {
    const html = render(query({ error: new ApiError("The server is down", 503) }));
    expect(html).toContain('role="alert"');
    expect(html).toContain("The server is down");
    expect(html).toContain("Try again");
    expect(render(query({ error: new Error("boom") }), { errorPrefix: "Items could not be loaded" })).toContain(
      "Items could not be loaded: boom",
    );
  });

  it("an API status with a view of its own shows that view; other statuses and other errors the banner", () => {
    const views = { 404: createElement("p", null, "Not found") };
    expect(render(query({ error: new ApiError("Not found", 404) }), { errorViews: views })).toBe("<p>Not found</p>");
    expect(render(query({ error: new ApiError("Forbidden", 403) }), { errorViews: views })).toContain('role="alert"');
    expect(render(query({ error: new Error("404") }), { errorViews: views })).toContain('role="alert"');
  });

  it("a failed refresh shows the error even with older data at hand", () => {
    expect(render(query({ error: new Error("refresh failed"), data: { items: ["a"] } }))).toContain("refresh failed");
  });

  it("empty data shows the empty state; data shows the children", () => {
    expect(render(query({ data: { items: [] } }))).toBe("<p>No items yet</p>");
    expect(render(query({ data: { items: ["a", "b"] } }))).toBe("<ul><li>a</li><li>b</li></ul>");
  });
});
