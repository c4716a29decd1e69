import Box from "#app/components/ui/Box.tsx";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import type { Dispatch, SetStateAction } from "react";
import { formatAmount, parseMoney } from "#server/contracts/money.ts";
import { minimumRetailMinor, splitSale } from "#server/modules/pricing/types.ts";
import type { DesignerBlank, DesignerSettings, Errors } from "./types.ts";

/** Step 5, left: the retail price with the live split per sale, and optional prices per variant. */
export function PricePanel({
  blank,
  colors,
  sizes,
  settings,
  price,
  setPrice,
  perVariant,
  setPerVariant,
  showVariantPrices,
  setShowVariantPrices,
  errors,
}: {
  blank: DesignerBlank;
  colors: string[];
  sizes: string[];
  settings: DesignerSettings;
  price: string;
  setPrice: (price: string) => void;
  perVariant: Record<string, string>;
  setPerVariant: Dispatch<SetStateAction<Record<string, string>>>;
  showVariantPrices: boolean;
  setShowVariantPrices: (show: boolean) => void;
  errors: Errors;
}) {
  // Money: live split per sale for the chosen variants.
  // Read by the platform currency's digits (1200 in JPY is ¥1,200), as the server will.
  const priceParsed = price.trim() ? parseMoney(price, settings.currency) : null;
  const priceMinor = priceParsed?.ok && priceParsed.money.amount > 0 ? priceParsed.money.amount : null;
  const chosenCosts = blank
    ? colors
        .flatMap((c) => sizes.map((s) => ({ key: `${c}|${s}`, cost: blank.costs[`${c}|${s}`] })))
        .filter((v): v is { key: string; cost: number } => v.cost !== undefined)
    : [];
  const maxCost = chosenCosts.length ? Math.max(...chosenCosts.map((v) => v.cost)) : null;
  const minCost = chosenCosts.length ? Math.min(...chosenCosts.map((v) => v.cost)) : null;
  const minPrice = maxCost !== null ? minimumRetailMinor(maxCost, settings) : null;
  const priceTooLow = priceMinor !== null && minPrice !== null && priceMinor < minPrice && !showVariantPrices;
  const money = (m: number) => formatAmount(m, settings.currency);
  const priceError =
    errors.price ??
    (priceParsed && !priceParsed.ok ? priceParsed.message : undefined) ??
    (priceTooLow
      ? `The price must be at least ${money(minPrice!)} so you earn at least ${money(settings.minimumMarginMinor)} per sale.`
      : undefined);

  return (
    <>
      <TextField
        name="price"
        label={`Retail price (${settings.currency})`}
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        fullWidth
        required
        inputMode="decimal"
        error={!!priceError}
        helperText={
          priceError ?? (minPrice !== null ? `At least ${money(minPrice)} for the chosen variants.` : "Choose colours and sizes first.")
        }
        slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "price" } }}
      />
      {maxCost !== null && (
        <Box
          component="dl"
          sx={{ display: "grid", gridTemplateColumns: "1fr auto", rowGap: 0.5, columnGap: 2, mt: 2, mb: 0 }}
          data-testid="earnings"
        >
          {(() => {
            const sp = priceMinor !== null ? splitSale(priceMinor, maxCost, settings) : null;
            const rows: [string, string][] = [
              ["Base cost", minCost !== maxCost ? `${money(minCost!)} – ${money(maxCost)}` : money(maxCost)],
              [`Platform fee (${settings.platformFeePercent}% of the margin)`, sp ? money(sp.platformFeeMinor) : "—"],
              ["You earn per sale", sp ? money(sp.partnerEarningsMinor) : "—"],
            ];
            return rows.map(([k, v]) => (
              <Box key={k} sx={{ display: "contents" }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {k}
                </Typography>
                <Typography
                  component="dd"
                  variant="body2"
                  sx={{ m: 0, fontWeight: k === "You earn per sale" ? 700 : 400, textAlign: "right" }}
                  data-testid={k === "You earn per sale" ? "you-earn" : undefined}
                >
                  {v}
                </Typography>
              </Box>
            ));
          })()}
        </Box>
      )}
      {minCost !== maxCost && <FormHelperText>Earnings shown for the variant with the highest base cost.</FormHelperText>}
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={showVariantPrices} onChange={(e) => setShowVariantPrices(e.target.checked)} />}
        label="Set a different price for some variants"
      />
      {showVariantPrices && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {chosenCosts.map((v) => {
            const min = minimumRetailMinor(v.cost, settings);
            const val = perVariant[v.key] ?? "";
            const vp = val.trim() ? parseMoney(val, settings.currency) : null;
            const vm = vp?.ok ? vp.money.amount : null;
            const err =
              errors[`variantPrice.${v.key}`] ??
              (vp && !vp.ok ? vp.message : undefined) ??
              (vm !== null && min !== null && vm < min ? `At least ${money(min)}.` : undefined);
            return (
              <TextField
                key={v.key}
                size="small"
                name={`variantPrice.${v.key}`}
                label={`${v.key.replace("|", " / ")} (base ${money(v.cost)})`}
                placeholder={price || "same as the product"}
                value={val}
                onChange={(e) => setPerVariant((s) => ({ ...s, [v.key]: e.target.value }))}
                error={!!err}
                helperText={err}
              />
            );
          })}
        </Stack>
      )}
    </>
  );
}
