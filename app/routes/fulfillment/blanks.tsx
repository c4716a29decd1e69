import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "#app/components/ui/Chip.tsx";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, data, redirect, useNavigation } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/blanks";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { readForm } from "#app/lib/forms.server.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { listShopBlanks, setBlankStatus } from "#server/modules/fulfillment/index.ts";
import { CATEGORY_LABELS } from "#server/modules/fulfillment/types.ts";
import { getSettings } from "#server/modules/platform/index.ts";

export const meta: Route.MetaFunction = ({ data }) => [{ title: data ? `Blanks · ${data.fulfiller.name} · Platen` : "Blanks · Platen" }];

const NOTICES = { retired: "The blank is retired: no new products on it.", offered: "The blank is offered again." } as const;

/** The print shop's blanks, retired ones included: what each offers, where it is made, whether designers see it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const [blanks, settings] = await orRespond(Promise.all([listShopBlanks(ctx, fulfiller.id), getSettings(ctx)]));
  const url = new URL(request.url);
  const added = url.searchParams.get("added");
  const done = url.searchParams.get("done");
  return {
    fulfiller: { handle: fulfiller.handle, name: fulfiller.name },
    currency: settings.currency,
    notice:
      added && blanks.some((b) => b.id === added)
        ? "The blank is added."
        : done && done in NOTICES
          ? NOTICES[done as keyof typeof NOTICES]
          : null,
    added,
    blanks: blanks.map((b) => ({
      id: b.id,
      name: b.name,
      category: CATEGORY_LABELS[b.category],
      colors: b.colors,
      sizes: b.sizes,
      variantCount: b.variantCount,
      fromCostMinor: b.fromCostMinor,
      productionDays: b.productionDays,
      warehouses: b.warehouses,
      status: b.status,
    })),
  };
}

const ID = /^blk_[0-9a-z]{1,40}$/;

/** Retire a blank (no new products on it; existing ones keep it) or offer it again. */
export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const blankId = String(form.get("blankId") ?? "");
  if (intent !== "retire" && intent !== "offer") return data({ ok: false, error: "Choose what to do with the blank." }, { status: 400 });
  const blanks = await orRespond(listShopBlanks(ctx, fulfiller.id));
  if (!ID.test(blankId) || !blanks.some((b) => b.id === blankId))
    return data({ ok: false, error: "That blank was not found; reload the page." }, { status: 404 });
  try {
    await setBlankStatus(ctx, blankId, intent === "retire" ? "retired" : "active");
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return data({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
  return redirect(`/fulfillment/@${fulfiller.handle}/administration/blanks?done=${intent === "retire" ? "retired" : "offered"}`);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function FulfillerBlanks({ loaderData, actionData }: Route.ComponentProps) {
  const { fulfiller, currency, notice, added, blanks } = loaderData;
  const failed = actionData as { ok: false; error: string } | undefined;
  const busy = useNavigation().state !== "idle";
  const admin = `/fulfillment/@${fulfiller.handle}/administration`;
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography component="p" variant="body2" color="text.secondary">
        {fulfiller.name} · @{fulfiller.handle}
      </Typography>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 1 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2.1rem" } }}>
          Blanks
        </Typography>
        <Button
          component={RouterLink}
          to={`${admin}/blanks/create`}
          variant="contained"
          sx={{ alignSelf: { xs: "flex-start", sm: "auto" } }}
        >
          Add a blank
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: "75ch" }}>
        What you print on. Designers make products on the blanks you offer; a retired blank takes no new products, and the products already
        on it keep selling. Which warehouse makes each blank is chosen on the warehouse&apos;s page.
      </Typography>
      {notice ? (
        <Alert severity="success" role="status" data-testid="blanks-notice" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {failed?.error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failed.error}
        </Alert>
      ) : null}
      {blanks.length === 0 ? (
        <Alert severity="info">
          No blanks yet. Add your first, with its colours, sizes and print areas, so designers can make products on it.
        </Alert>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}
        >
          {blanks.map((b) => (
            <Card
              component="li"
              variant="outlined"
              key={b.id}
              data-testid="blank"
              aria-labelledby={`blank-${b.id}`}
              sx={b.id === added ? { borderColor: "success.main" } : undefined}
            >
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography id={`blank-${b.id}`} variant="h2" sx={{ fontSize: "1.25rem", mb: 0.25, overflowWrap: "anywhere" }}>
                      {b.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                      {b.category} · from {formatPrice(b.fromCostMinor, currency)}
                    </Typography>
                  </Box>
                  <Chip
                    size="small"
                    label={b.status === "active" ? "Offered" : "Retired"}
                    color={b.status === "active" ? "success" : "default"}
                    variant="outlined"
                  />
                </Stack>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: "grid",
                    gridTemplateColumns: "max-content 1fr",
                    columnGap: 2,
                    rowGap: 0.75,
                    "& dd": { m: 0, minWidth: 0 },
                  }}
                >
                  <Typography component="dt" variant="body2" color="text.secondary">
                    Colours
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {b.colors.map((c, i) => (
                      <Box component="span" key={c.name} sx={{ whiteSpace: "nowrap" }}>
                        <Box
                          component="span"
                          aria-hidden
                          sx={{
                            display: "inline-block",
                            width: 12,
                            height: 12,
                            borderRadius: "50%",
                            bgcolor: c.hex,
                            border: 1,
                            borderColor: "divider",
                            mr: 0.5,
                            verticalAlign: "-1px",
                          }}
                        />
                        {c.name}
                        {i < b.colors.length - 1 ? ", " : ""}
                      </Box>
                    ))}
                  </Typography>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    Sizes
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {b.sizes.join(", ") || "None offered"}
                  </Typography>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    Variants
                  </Typography>
                  <Typography component="dd" variant="body2" data-testid="blank-variants">
                    {plural(b.variantCount, "variant")}
                  </Typography>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    Production
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {plural(b.productionDays, "day")}
                  </Typography>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    Made in
                  </Typography>
                  <Typography component="dd" variant="body2">
                    {b.warehouses.join(", ") || "No warehouse yet"}
                  </Typography>
                </Box>
                <Form method="post">
                  <input type="hidden" name="blankId" value={b.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value={b.status === "active" ? "retire" : "offer"}
                    size="small"
                    disabled={busy}
                    sx={{ mt: 1.5 }}
                    aria-label={b.status === "active" ? `Retire ${b.name}` : `Offer again: ${b.name}`}
                  >
                    {b.status === "active" ? "Retire" : "Offer again"}
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
