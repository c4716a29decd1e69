import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import MuiLink from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import type { FormEvent, ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import { OutlinedField } from "#app/components/OutlinedField.tsx";
import { minorToPriceParam, PARAM } from "#app/lib/catalog/search-params.ts";
import { CATEGORY_LABELS, CATEGORIES, type Category } from "#server/modules/catalog/types.ts";
import type { FacetValue, SearchQuery, SearchResult } from "#server/modules/search/types.ts";

export interface FacetPanelProps {
  result: Pick<SearchResult, "facets">;
  query: SearchQuery;
  /** Keys fixed by the path (e.g. the category of /shop/products/{category}): not offered as filters. */
  fixed?: (keyof SearchQuery)[];
  /** The storefront currency: price bounds are read and shown in its major units. */
  currency?: string;
  /** Colour name -> hex, for swatches next to colour filters. */
  colorHex?: Record<string, string>;
  /** Store handle -> display name. */
  storeNames?: Record<string, string>;
  /** Form id, so SortSelect elsewhere on the page can submit with the same filters. */
  formId?: string;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {legend}
      </Typography>
      <Box sx={{ display: "grid", maxHeight: 260, overflowY: "auto", pl: 0.5 }}>{children}</Box>
    </Box>
  );
}

function label(text: string, count: number) {
  return (
    <Box component="span" sx={{ display: "inline-flex", gap: 0.75, alignItems: "center" }}>
      {text}
      <Typography component="span" variant="caption" color="text.secondary">
        ({count})
      </Typography>
    </Box>
  );
}

function submitOnChange(e: FormEvent<HTMLFormElement>) {
  // With JavaScript the filters apply at once; without it, the "Apply filters" button submits.
  const form = e.currentTarget;
  const target = e.target as HTMLInputElement;
  if (target.type === "checkbox" || target.type === "radio" || target.tagName === "SELECT") {
    const page = form.elements.namedItem(PARAM.page);
    if (page instanceof HTMLInputElement) page.value = "1";
    form.requestSubmit();
  }
}

/** Checked values stay visible even when a facet has no hits left for them. */
function withSelected(values: FacetValue[], selected: string[]): FacetValue[] {
  const known = new Set(values.map((v) => v.value));
  return [...values, ...selected.filter((s) => !known.has(s)).map((value) => ({ value, count: 0 }))];
}

/**
 * Filters of a product grid as a GET form: the URL is the state, shareable, works without JS.
 * Below md it folds into a disclosure ("Filters"), a drawer that needs no script.
 */
export function FacetPanel({
  result,
  query,
  fixed = [],
  currency = "USD",
  colorHex = {},
  storeNames = {},
  formId = "facets",
}: FacetPanelProps) {
  const { facets } = result;
  const skip = new Set(fixed);
  const activeCount =
    query.colors.length +
    query.sizes.length +
    (query.minPriceMinor !== undefined ? 1 : 0) +
    (query.maxPriceMinor !== undefined ? 1 : 0) +
    (!skip.has("category") && query.category ? 1 : 0) +
    (!skip.has("storeHandle") && query.storeHandle ? 1 : 0);
  const toMajor = (minor: number | undefined) => (minor === undefined ? "" : minorToPriceParam(minor, currency));
  const categories = facets.category.length ? facets.category : CATEGORIES.map((c) => ({ value: c, count: 0 }));

  const body = (
    <Form method="get" id={formId} onChange={submitOnChange} preventScrollReset>
      {query.q && !skip.has("q") ? <input type="hidden" name={PARAM.q} value={query.q} /> : null}
      {query.sort !== "relevance" ? <input type="hidden" name={PARAM.sort} value={query.sort} /> : null}
      <input type="hidden" name={PARAM.page} value="1" />
      <Box sx={{ display: "grid", gap: 2.5 }}>
        {!skip.has("category") ? (
          <Group legend="Category">
            <ChoiceControl type="radio" name={PARAM.category} value="" defaultChecked={!query.category} label="All categories" />
            {categories.map((c) => (
              <ChoiceControl
                key={c.value}
                type="radio"
                name={PARAM.category}
                value={c.value}
                defaultChecked={query.category === c.value}
                label={label(CATEGORY_LABELS[c.value as Category] ?? c.value, c.count)}
              />
            ))}
          </Group>
        ) : null}
        {facets.colors.length || query.colors.length ? (
          <Group legend="Colour">
            {withSelected(facets.colors, query.colors).map((c) => (
              <ChoiceControl
                key={c.value}
                type="checkbox"
                name={PARAM.color}
                value={c.value}
                defaultChecked={query.colors.includes(c.value)}
                label={
                  <Box component="span" sx={{ display: "inline-flex", gap: 0.75, alignItems: "center" }}>
                    {colorHex[c.value] ? (
                      <Box
                        component="span"
                        aria-hidden="true"
                        sx={{ width: 14, height: 14, borderRadius: "50%", bgcolor: colorHex[c.value], border: 1, borderColor: "divider" }}
                      />
                    ) : null}
                    {label(c.value, c.count)}
                  </Box>
                }
              />
            ))}
          </Group>
        ) : null}
        {facets.sizes.length || query.sizes.length ? (
          <Group legend="Size">
            {withSelected(facets.sizes, query.sizes).map((s) => (
              <ChoiceControl
                key={s.value}
                type="checkbox"
                name={PARAM.size}
                value={s.value}
                defaultChecked={query.sizes.includes(s.value)}
                label={label(s.value, s.count)}
              />
            ))}
          </Group>
        ) : null}
        {!skip.has("storeHandle") && (facets.store.length || query.storeHandle) ? (
          <Group legend="Store">
            <ChoiceControl type="radio" name={PARAM.store} value="" defaultChecked={!query.storeHandle} label="All stores" />
            {withSelected(facets.store, query.storeHandle ? [query.storeHandle] : []).map((s) => (
              <ChoiceControl
                key={s.value}
                type="radio"
                name={PARAM.store}
                value={s.value}
                defaultChecked={query.storeHandle === s.value}
                label={label(storeNames[s.value] ?? `@${s.value}`, s.count)}
              />
            ))}
          </Group>
        ) : null}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
            Price ({currency})
          </Typography>
          <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1 }}>
            <OutlinedField
              size="small"
              label="Min"
              name={PARAM.min}
              defaultValue={toMajor(query.minPriceMinor)}
              inputMode="decimal"
              pattern="[0-9]*[.,]?[0-9]*"
            />
            <OutlinedField
              size="small"
              label="Max"
              name={PARAM.max}
              defaultValue={toMajor(query.maxPriceMinor)}
              inputMode="decimal"
              pattern="[0-9]*[.,]?[0-9]*"
            />
          </Box>
        </Box>
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" size="small">
            Apply filters
          </Button>
          {activeCount > 0 ? (
            <MuiLink component={Link} to={query.q && !skip.has("q") ? `?${PARAM.q}=${encodeURIComponent(query.q)}` : "?"} variant="body2">
              Clear filters
            </MuiLink>
          ) : null}
        </Box>
      </Box>
    </Form>
  );

  // One form for every width. Below md it is folded behind a "Filters" toggle (a checkbox and
  // CSS: a drawer that needs no script); from md on it is a sidebar.
  const toggleId = `${formId}-toggle`;
  return (
    <Box
      component="aside"
      aria-label="Filters"
      data-testid="facet-panel"
      sx={{
        minWidth: 0,
        "& .facet-toggle": {
          position: "absolute",
          opacity: 0,
          width: "1px",
          height: "1px",
          margin: 0,
          pointerEvents: "none",
          display: { md: "none" },
        },
        "& .facet-toggle-label": { display: { xs: "flex", md: "none" } },
        "& .facet-body": { display: { xs: "none", md: "block" } },
        "& .facet-toggle:checked ~ .facet-body": { display: "block" },
        "& .facet-toggle:focus-visible + .facet-toggle-label": { outline: 2, outlineStyle: "solid", outlineColor: "primary.main" },
      }}
    >
      <input type="checkbox" id={toggleId} className="facet-toggle" defaultChecked={false} />
      <Box
        component="label"
        htmlFor={toggleId}
        className="facet-toggle-label"
        sx={{
          cursor: "pointer",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          px: 1.5,
          py: 1,
          fontWeight: 600,
          alignItems: "center",
          justifyContent: "space-between",
        }}
      >
        <span>Filters{activeCount ? ` (${activeCount})` : ""}</span>
        <Typography component="span" variant="body2" color="primary">
          Show or hide
        </Typography>
      </Box>
      <Box className="facet-body" sx={{ pt: { xs: 2, md: 0 } }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1.5, display: { xs: "none", md: "block" } }}>
          Filters
        </Typography>
        {body}
      </Box>
    </Box>
  );
}
