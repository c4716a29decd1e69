// Small pieces shared by the print shop's parcels, shipments and manifests pages: the page's
// heading, the warehouse picker (a GET form, so it works without JavaScript) and weights.
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { OutlinedSelect } from "#app/components/OutlinedField.tsx";

const GRAMS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const KILOS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 450 → "450 g"; 12,340 → "12.34 kg". */
export function formatGrams(grams: number): string {
  return grams >= 10_000 ? `${KILOS.format(grams / 1000)} kg` : `${GRAMS.format(grams)} g`;
}

export function ShippingPageHeader({ shop, title, children }: { shop: string; title: string; children?: ReactNode }) {
  return (
    <>
      <Typography component="p" variant="body2" color="text.secondary">
        {shop}
      </Typography>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" }, mb: 1 }}>
        {title}
      </Typography>
      {children ? (
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
          {children}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * Which warehouse (and, optionally, more filters) a page shows: a GET form with a native select, so
 * a click on "Show" works without JavaScript; `allLabel` adds an "all warehouses" choice.
 */
export function WarehousePicker({
  action,
  warehouses,
  value,
  allLabel,
  children,
}: {
  action: string;
  warehouses: readonly { id: string; name: string }[];
  value: string;
  allLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" action={action} aria-label="Choose what to show">
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start", mb: 2 }}>
        <OutlinedSelect
          name="warehouse"
          label="Warehouse"
          size="small"
          defaultValue={value}
          key={value}
          id="warehouse-picker"
          sx={{ minWidth: 200 }}
        >
          {allLabel ? <option value="">{allLabel}</option> : null}
          {warehouses.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </OutlinedSelect>
        {children}
        <Button type="submit" variant="outlined">
          Show
        </Button>
      </Box>
    </Form>
  );
}
