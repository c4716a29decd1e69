import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Typography from "#app/components/ui/Typography.tsx";
import { useLocation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { PARAM } from "#app/lib/catalog/search-params.ts";

/** Page links that keep the rest of the URL (filters, sort): plain links, no JavaScript needed. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const p = new URLSearchParams(location.search);
    if (n <= 1) p.delete(PARAM.page);
    else p.set(PARAM.page, String(n));
    const s = p.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  // First, last, and two either side of the current page.
  const pages = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const n of pages) {
    const last = items[items.length - 1];
    if (typeof last === "number" && n - last > 1) items.push("gap");
    items.push(n);
  }
  return (
    <Box component="nav" aria-label="Pages" sx={{ display: "flex", justifyContent: "center", mt: 4 }}>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 0.5, alignItems: "center" }}>
        <li>
          <Button component={Link} to={href(page - 1)} disabled={page <= 1} size="small" rel="prev" preventScrollReset={false}>
            Previous
          </Button>
        </li>
        {items.map((n, i) =>
          n === "gap" ? (
            <Typography component="li" key={`gap-${i}`} aria-hidden="true" color="text.secondary" sx={{ px: 0.5 }}>
              …
            </Typography>
          ) : (
            <li key={n}>
              <Button
                component={Link}
                to={href(n)}
                size="small"
                variant={n === page ? "contained" : "text"}
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
                sx={{ minWidth: 36 }}
              >
                {n}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button component={Link} to={href(page + 1)} disabled={page >= pageCount} size="small" rel="next">
            Next
          </Button>
        </li>
      </Box>
    </Box>
  );
}
