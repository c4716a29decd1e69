// The parts of the analytics pages (issue 23 §4): the date range form (a GET form, works without
// JavaScript), figure cards, and a chart with its data table beside it (a real <table> with a
// caption and headers; the chart is an image named by its title and described in one sentence)
// and the CSV of the same figures.
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { OutlinedField } from "#app/components/OutlinedField.tsx";

export interface RangeFormProps {
  from: string;
  to: string;
  errors: Partial<Record<"from" | "to", string>>;
  /** What the days are counted in, said under the form. */
  zoneNote: string;
}

/** The date range: two date fields and "Show", sent as a GET (the URL keeps the range). */
export function RangeForm({ from, to, errors, zoneNote }: RangeFormProps) {
  return (
    <Box component="section" aria-labelledby="range-title" sx={{ mb: 3 }}>
      <Typography id="range-title" variant="h2" sx={{ fontSize: "1.15rem", mb: 1 }}>
        Date range
      </Typography>
      <Form method="get" noValidate>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
          <OutlinedField
            name="from"
            label="From"
            type="date"
            defaultValue={from}
            error={Boolean(errors.from)}
            helperText={errors.from ?? " "}
            shrink
            data-testid="range-from"
          />
          <OutlinedField
            name="to"
            label="To"
            type="date"
            defaultValue={to}
            error={Boolean(errors.to)}
            helperText={errors.to ?? " "}
            shrink
            data-testid="range-to"
          />
          <Button type="submit" variant="contained" sx={{ mt: { sm: 1 } }}>
            Show
          </Button>
        </Stack>
      </Form>
      <Typography variant="body2" color="text.secondary">
        {zoneNote}
      </Typography>
    </Box>
  );
}

/** A row of headline figures. */
export function FigureCards({ figures }: { figures: { label: string; value: string; note?: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" }, gap: 2, m: 0, mb: 3 }}
      data-testid="analytics-figures"
    >
      {figures.map((f) => (
        <Box key={f.label} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, bgcolor: "background.paper" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: "1.4rem", fontWeight: 600 }}>
            {f.value}
          </Typography>
          {f.note ? (
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {f.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

export interface DataTable {
  caption: string;
  /** Column headers; the first column is each row's header (a day, a product). */
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

/**
 * One figure: its title, a sentence that says what it shows, the chart (an image for assistive
 * technology, which reads the table instead) and the table beside it, and its CSV.
 */
export function ChartWithTable({
  id,
  title,
  description,
  csvHref,
  chart,
  table,
}: {
  id: string;
  title: string;
  description: string;
  csvHref: string;
  chart: ReactNode | null;
  table: DataTable;
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mb: 4 }} data-testid={`analytics-${id}`}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "baseline", flexWrap: "wrap", rowGap: 0.5, mb: 0.5 }}>
        <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: "1.15rem" }}>
          {title}
        </Typography>
        <Link href={csvHref} download data-testid={`csv-${id}`}>
          Download CSV<Box component="span" sx={visuallyHidden}>{` of ${title.toLowerCase()}`}</Box>
        </Link>
      </Stack>
      <Typography id={`${id}-desc`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {description}
      </Typography>
      <Box
        sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: chart ? "minmax(0, 3fr) minmax(0, 2fr)" : "1fr" }, gap: 2 }}
      >
        {chart ? (
          <Box role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} sx={{ minWidth: 0 }} data-testid={`chart-${id}`}>
            <Box aria-hidden inert sx={{ width: "100%" }}>
              {chart}
            </Box>
          </Box>
        ) : null}
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label={`${table.caption} (table)`}
          sx={{ maxHeight: 360, border: 1, borderColor: "divider", borderRadius: 1 }}
        >
          <Table size="small" stickyHeader data-testid={`table-${id}`}>
            <caption style={{ captionSide: "top", textAlign: "left", padding: "8px 16px" }}>{table.caption}</caption>
            <TableHead>
              <TableRow>
                {table.columns.map((c, i) => (
                  <TableCell key={c} component="th" scope="col" align={i === 0 ? "left" : "right"}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={table.columns.length}>Nothing in this range.</TableCell>
                </TableRow>
              ) : (
                table.rows.map((r) => (
                  <TableRow key={r.key}>
                    {r.cells.map((c, i) =>
                      i === 0 ? (
                        <TableCell key={i} component="th" scope="row">
                          {c}
                        </TableCell>
                      ) : (
                        <TableCell key={i} align="right">
                          {c}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;

/** "Oct 3" for a `YYYY-MM-DD` day (the day itself, whatever the reader's time zone). */
export const shortDay = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

/** A CSV link of a series that keeps the page's range. */
export const csvHref = (base: string, series: string, range: { from: string; to: string }) =>
  `${base}/${series}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
