import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import type { ChangeEvent } from "react";
import { Form } from "react-router";
import { minorToPriceParam, PARAM } from "#app/lib/catalog/search-params.ts";
import type { SearchQuery, SearchSort } from "#server/modules/search/types.ts";

const LABELS: Record<SearchSort, string> = {
  relevance: "Best match",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

/**
 * Sort order as a GET form that keeps every other filter (hidden fields). A native <select>,
 * so it works without JavaScript (a "Sort" button) and submits on change with it.
 */
export function SortSelect({
  query,
  fixed = [],
  currency = "USD",
  withRelevance = true,
}: {
  query: SearchQuery;
  fixed?: (keyof SearchQuery)[];
  currency?: string;
  withRelevance?: boolean;
}) {
  const skip = new Set(fixed);
  const options = (Object.keys(LABELS) as SearchSort[]).filter((s) => withRelevance || s !== "relevance");
  const id = "sort-select";
  return (
    <Form method="get" preventScrollReset data-testid="sort-form">
      {query.q && !skip.has("q") ? <input type="hidden" name={PARAM.q} value={query.q} /> : null}
      {query.category && !skip.has("category") ? <input type="hidden" name={PARAM.category} value={query.category} /> : null}
      {query.storeHandle && !skip.has("storeHandle") ? <input type="hidden" name={PARAM.store} value={query.storeHandle} /> : null}
      {query.colors.map((c) => (
        <input key={`c-${c}`} type="hidden" name={PARAM.color} value={c} />
      ))}
      {query.sizes.map((s) => (
        <input key={`s-${s}`} type="hidden" name={PARAM.size} value={s} />
      ))}
      {query.minPriceMinor !== undefined ? (
        <input type="hidden" name={PARAM.min} value={minorToPriceParam(query.minPriceMinor, currency)} />
      ) : null}
      {query.maxPriceMinor !== undefined ? (
        <input type="hidden" name={PARAM.max} value={minorToPriceParam(query.maxPriceMinor, currency)} />
      ) : null}
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Box component="label" htmlFor={id} sx={{ typography: "body2", color: "text.secondary", whiteSpace: "nowrap" }}>
          Sort by
        </Box>
        <Box
          component="select"
          id={id}
          name={PARAM.sort}
          defaultValue={withRelevance || query.sort !== "relevance" ? query.sort : "newest"}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => e.currentTarget.form?.requestSubmit()}
          sx={{
            font: "inherit",
            typography: "body2",
            color: "text.primary",
            bgcolor: "background.paper",
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
            px: 1,
            py: 0.75,
            minHeight: 36,
            // As wide as its longest option from the first paint: a page still arriving over a slow
            // connection was painted with the options parsed so far, a narrower select that then
            // grew and moved the form onto the next line (a layout shift of 0.01 in Lighthouse).
            minWidth: "12em",
          }}
        >
          {options.map((s) => (
            <option key={s} value={s}>
              {LABELS[s]}
            </option>
          ))}
        </Box>
        <noscript>
          <Button type="submit" size="small" variant="outlined">
            Sort
          </Button>
        </noscript>
      </Box>
    </Form>
  );
}
