import Alert from "@mui/material/Alert";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Grid from "@mui/material/Grid";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "#app/components/ui/Typography.tsx";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Stack from "#app/components/ui/Stack.tsx";
import { useEffect, useMemo, useState } from "react";
import { Form, redirect } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/designer";
import { tidy } from "#app/components/catalog/DesignerStage.tsx";
import { errorsOf, FormError } from "#app/components/forms.tsx";
import { ArtworkUpload } from "#app/components/seller/designer/ArtworkUpload.tsx";
import { BlankPicker } from "#app/components/seller/designer/BlankPicker.tsx";
import { DesignerActions, SavedMockups } from "#app/components/seller/designer/DesignerActions.tsx";
import { DesignerHeader } from "#app/components/seller/designer/DesignerHeader.tsx";
import { DesignerStep as Section } from "#app/components/seller/designer/DesignerStep.tsx";
import { MockupPreview, type PreviewRequest } from "#app/components/seller/designer/MockupPreview.tsx";
import { PlacementControls } from "#app/components/seller/designer/PlacementControls.tsx";
import { PreflightPanel, preflightChecks } from "#app/components/seller/designer/PreflightPanel.tsx";
import { PricePanel } from "#app/components/seller/designer/PricePanel.tsx";
import { ProductDetailsFields } from "#app/components/seller/designer/ProductDetailsFields.tsx";
import type { ArtworkView, DesignerBlank } from "#app/components/seller/designer/types.ts";
import { VariantsPanel } from "#app/components/seller/designer/VariantsPanel.tsx";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { echoValues, failure } from "#app/lib/forms.server.ts";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { readBoundedForm } from "#app/lib/jobs/apply.server.ts";
import { AppError } from "#server/kernel/index.ts";
import {
  ARTWORK_MAX_BYTES,
  getArtworkInfo,
  getProductForEdit,
  publishProduct,
  saveProduct,
  unpublishProduct,
  uploadArtwork,
} from "#server/modules/catalog/index.ts";
import { getBlankDetail, listBlanks } from "#server/modules/fulfillment/index.ts";
import { defaultPlacement } from "#server/modules/catalog/preflight.ts";
import { formFieldOf, priceFieldErrors, productFormToInput, productInputSchema } from "#server/modules/catalog/product-form.ts";
import { mockupUrl, type Placement, type ProductStatus } from "#server/modules/catalog/types.ts";
import { getSettings } from "#server/modules/platform/index.ts";
import { formatAmount, money as moneyOf, toDecimalString } from "#server/contracts/money.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.product ? `Edit ${data.product.title} · Platen` : "Design a product · Platen" },
];

const mediaUrl = (key: string) => `/media/${key}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle, "products");
  const url = new URL(request.url);
  const settings = await getSettings(ctx);
  let edit = null;
  if (params.productId) {
    try {
      edit = await getProductForEdit(ctx, store.id, params.productId);
    } catch (e) {
      if (e instanceof AppError && e.status === 404) throw new Response("This product does not exist in this store.", { status: 404 });
      throw e;
    }
  }
  const blanks = await listBlanks(ctx);
  const blankId = edit?.product.blankId ?? url.searchParams.get("blank") ?? "";
  let blank: DesignerBlank | null = null;
  if (blankId && blanks.some((b) => b.id === blankId)) {
    const d = await getBlankDetail(ctx, blankId);
    const costs: Record<string, number> = {};
    for (const v of d.variants) if (v.active) costs[`${v.color}|${v.size}`] = v.baseCostMinor;
    blank = {
      id: d.blank.id,
      name: d.blank.name,
      category: d.blank.category,
      description: d.blank.description,
      productionDays: d.blank.productionDays,
      areas: d.areas.map((a) => ({
        key: a.key,
        label: a.label,
        widthIn: a.widthIn,
        heightIn: a.heightIn,
        requiredDpi: a.requiredDpi,
        templateWidth: a.templateWidth,
        templateHeight: a.templateHeight,
        rect: a.templateRect,
      })),
      colors: d.colors.map((c) => ({
        name: c.name,
        hex: c.hex,
        templates: Object.fromEntries(
          Object.entries(c.templates).map(([k, t]) => [
            k,
            { url: mediaUrl(t.key), rect: t.rect ?? d.areas.find((a) => a.key === k)?.templateRect ?? null },
          ]),
        ),
      })),
      sizes: [...new Set(d.variants.filter((v) => v.active).map((v) => v.size))],
      costs,
    };
  }
  const p = edit?.product;
  const uploadedId = url.searchParams.get("artwork");
  const artwork = edit?.artwork ?? (uploadedId ? await getArtworkInfo(ctx, store.id, uploadedId).catch(() => null) : null);
  return {
    store: {
      handle: store.handle,
      name: store.name,
      status: store.status,
      suspendedReason: store.suspendedReason,
      avatarKey: store.avatarKey,
      accentColor: store.accentColor,
    },
    settings: {
      currency: settings.currency,
      platformFeePercent: settings.platformFeePercent,
      minimumMarginMinor: settings.minimumMarginMinor,
    },
    blanks: blanks.map((b) => ({
      id: b.id,
      name: b.name,
      category: b.category,
      from: formatAmount(b.fromCostMinor, settings.currency),
      colors: b.colors.slice(0, 8),
      thumb: b.thumbnailKey ? mediaUrl(b.thumbnailKey) : null,
      sizes: b.sizes.length,
    })),
    blank,
    artwork: artwork
      ? {
          artworkId: "artworkId" in artwork ? artwork.artworkId : artwork.id,
          previewUrl: artwork.previewUrl,
          width: artwork.width,
          height: artwork.height,
          hasAlpha: artwork.hasAlpha,
        }
      : null,
    product: p
      ? {
          id: p.id,
          status: p.status,
          title: p.title,
          description: p.description,
          tags: p.tags.join(", "),
          category: p.category,
          price: toDecimalString(moneyOf(p.priceMinor, settings.currency)),
          colors: [...new Set(edit!.variants.map((v) => v.color))],
          sizes: [...new Set(edit!.variants.map((v) => v.size))],
          placements: p.placements as Record<string, Placement>,
          variantPrices: Object.fromEntries(
            edit!.variants
              .filter((v) => v.priceMinor !== null)
              .map((v) => [`${v.color}|${v.size}`, toDecimalString(moneyOf(v.priceMinor!, settings.currency))]),
          ),
          primaryColor: p.primaryColor,
          heldReason: edit!.heldReason,
          takedownReason: p.takedownReason,
          mockups: edit!.mockups.map((m) => ({ color: m.color, areaKey: m.areaKey, url: mockupUrl(m.hash, 320) })),
        }
      : null,
    notice: url.searchParams.get("notice"),
  };
}

type Values = Record<string, string>;

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle, "products");
  const base = `/shop/partners/@${store.handle}/administration/products`;
  const read = await readBoundedForm(request, ARTWORK_MAX_BYTES + 512 * 1024);
  if (!read.ok)
    return failure(
      read.status === 413
        ? { artwork: "The file is larger than 25 MB. Export a smaller PNG, JPEG or WebP." }
        : { _form: "The form could not be read. Please try again." },
      read.status,
    );
  const form = read.form;
  const intent = String(form.get("intent") ?? "save");
  const values: Values = {
    ...echoValues(form),
    colors: form.getAll("colors").map(String).join("|"),
    sizes: form.getAll("sizes").map(String).join("|"),
  };

  if (intent === "unpublish" && params.productId) {
    try {
      await unpublishProduct(ctx, params.productId);
    } catch (e) {
      if (e instanceof AppError) return failure({ _form: e.message }, e.status, values);
      throw e;
    }
    return redirect(`${base}/${params.productId}?notice=unpublished`);
  }
  if (intent === "publish-only" && params.productId) {
    try {
      const out = await publishProduct(ctx, params.productId);
      return redirect(`${base}/${params.productId}?notice=${out.status === "in_review" ? "held" : "published"}`);
    } catch (e) {
      if (e instanceof AppError) return failure({ _form: e.message }, e.status, values);
      throw e;
    }
  }
  if (intent !== "save" && intent !== "publish") return failure({ _form: "Choose Save draft or Publish." }, 400, values);

  // A file sent with the form (the no-JavaScript path, or a file not uploaded yet): upload it first.
  const file = form.get("artwork");
  let flagged: string | undefined;
  if (file instanceof File && file.size > 0) {
    try {
      const up = await uploadArtwork(ctx, store.id, { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
      values.artworkId = up.artworkId;
      flagged = up.flagged?.reason;
    } catch (e) {
      if (e instanceof AppError) return failure({ artwork: e.message }, e.status, values);
      throw e;
    }
  }
  const raw: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (key === "artwork") continue;
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    raw[key] = all.length > 1 ? all : all[0];
  }
  raw.artworkId = values.artworkId ?? raw.artworkId;
  const blankId = String(raw.blankId ?? "");
  const { currency } = await getSettings(ctx);
  const input = productFormToInput(raw, { currency }) as Record<string, unknown>;
  // Without JavaScript no placement is sent: centre the artwork on the blank's first print area.
  if (Object.keys((input.placements as object) ?? {}).length === 0 && blankId && input.artworkId) {
    try {
      const [d, art] = await Promise.all([getBlankDetail(ctx, blankId), getArtworkInfo(ctx, store.id, String(input.artworkId))]);
      const area = d.areas[0];
      if (area) input.placements = { [area.key]: defaultPlacement(art.width, art.height, area) };
    } catch {
      // reported by validation below
    }
  }
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = priceFieldErrors(raw, currency);
    for (const issue of parsed.error.issues) errors[formFieldOf(issue.path)] ??= issue.message;
    if (errors.artworkId) errors.artwork = errors.artworkId;
    return failure(errors, 400, values);
  }
  try {
    const out = await saveProduct(ctx, store.id, parsed.data, { productId: params.productId, publish: intent === "publish" });
    const notice =
      out.publish?.status === "in_review"
        ? "held"
        : out.publish?.status === "published"
          ? "published"
          : flagged
            ? "saved-flagged"
            : "saved";
    return redirect(`${base}/${out.product.id}?notice=${notice}`);
  } catch (e) {
    if (e instanceof AppError) {
      const field = e.field ? formFieldOf(e.field.split(".")) : "_form";
      return failure({ [field === "artworkId" ? "artwork" : field]: e.message }, e.status, values);
    }
    throw e;
  }
}

// ---- page: the steps live in app/components/seller/designer/ ---------------------------------

export default function Designer(props: Route.ComponentProps) {
  // a fresh designer state per blank and per product (choosing a blank is a navigation to ?blank=)
  return <DesignerPage key={`${props.loaderData.blank?.id ?? "none"}:${props.loaderData.product?.id ?? "new"}`} {...props} />;
}

function DesignerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { store, blanks, blank, product, settings, notice } = loaderData;
  const errors = errorsOf(actionData);
  const echoed = (actionData && "values" in actionData ? (actionData.values ?? {}) : {}) as Values;
  const base = `/shop/partners/@${store.handle}/administration/products`;
  const selfUrl = product ? `${base}/${product.id}` : `${base}/create`;
  const status: ProductStatus | null = product?.status ?? null;
  const locked = status === "taken_down";

  const [artwork, setArtwork] = useState<ArtworkView | null>(loaderData.artwork);
  const [uploading, setUploading] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const areas = blank?.areas ?? [];
  const [placements, setPlacements] = useState<Record<string, Placement>>(() => ({ ...(product?.placements ?? {}) }));
  const [enabled, setEnabled] = useState<string[]>(() => (product ? Object.keys(product.placements) : areas[0] ? [areas[0].key] : []));
  const [areaKey, setAreaKey] = useState<string>(
    () => (product ? Object.keys(product.placements)[0] : undefined) ?? areas[0]?.key ?? "front",
  );
  const [colors, setColors] = useState<string[]>(() =>
    echoed.colors !== undefined
      ? echoed.colors.split("|").filter(Boolean)
      : (product?.colors ?? blank?.colors.slice(0, 3).map((c) => c.name) ?? []),
  );
  const [sizes, setSizes] = useState<string[]>(() =>
    echoed.sizes !== undefined ? echoed.sizes.split("|").filter(Boolean) : (product?.sizes ?? blank?.sizes ?? []),
  );
  const [previewColor, setPreviewColor] = useState<string>(() => product?.primaryColor || blank?.colors[0]?.name || "");
  const [price, setPrice] = useState<string>(() => echoed.price ?? product?.price ?? "");
  const [perVariant, setPerVariant] = useState<Record<string, string>>(() => product?.variantPrices ?? {});
  const [showVariantPrices, setShowVariantPrices] = useState(() => Object.keys(product?.variantPrices ?? {}).length > 0);

  const area = areas.find((a) => a.key === areaKey) ?? areas[0];
  const currentPlacement = (k: string): Placement => {
    const a = areas.find((x) => x.key === k);
    return (
      placements[k] ?? (artwork && a ? defaultPlacement(artwork.width, artwork.height, a) : { x: 0.5, y: 0.5, scale: 0.8, rotation: 0 })
    );
  };
  const setPlacement = (k: string, p: Placement) => setPlacements((s) => ({ ...s, [k]: tidy(p) }));

  // when the artwork changes, fit it freshly on every enabled area that has no placement yet
  useEffect(() => {
    if (!artwork) return;
    setPlacements((s) => {
      const next = { ...s };
      for (const a of areas) if (!next[a.key]) next[a.key] = defaultPlacement(artwork.width, artwork.height, a);
      return next;
    });
  }, [artwork]); // eslint-disable-line react-hooks/exhaustive-deps

  const effectivePreviewColor = colors.includes(previewColor) ? previewColor : (colors[0] ?? blank?.colors[0]?.name ?? "");
  const colorView = blank?.colors.find((c) => c.name === effectivePreviewColor) ?? blank?.colors[0];
  const template = area && colorView ? colorView.templates[area.key] : undefined;

  const checks = useMemo(
    () => (artwork && blank ? preflightChecks(artwork, blank.areas, enabled, currentPlacement) : []),
    [artwork, blank, enabled, placements], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const previewRequest: PreviewRequest | null =
    artwork && blank && area && enabled.includes(area.key)
      ? {
          artworkId: artwork.artworkId,
          blankId: blank.id,
          color: effectivePreviewColor,
          areaKey: area.key,
          placement: currentPlacement(area.key),
        }
      : null;

  const hasBlocking = checks.some((c) => c.issues.some((i) => i.level === "error"));

  return (
    <StoreAdminShell store={store} active="products">
      <DesignerHeader product={product} status={status} notice={notice} locked={locked} base={base} />
      <FormError errors={errors} />

      <Section n={1} title="Choose a blank product">
        {blank && !product ? (
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{blank.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {blank.description} Ships in {blank.productionDays} production days.
              </Typography>
            </Box>
            <Button component={Link} to={`${base}/create`} variant="outlined">
              Choose another blank
            </Button>
          </Stack>
        ) : blank ? (
          <Typography>
            <strong>{blank.name}</strong> — {blank.description}
          </Typography>
        ) : (
          <BlankPicker blanks={blanks} selected={null} base={`${base}/create`} />
        )}
        {errors.blankId && <FormHelperText error>{errors.blankId}</FormHelperText>}
      </Section>

      {blank && (
        <Form method="post" encType="multipart/form-data" action={selfUrl} noValidate>
          <input type="hidden" name="blankId" value={blank.id} />
          <input type="hidden" name="artworkId" value={artwork?.artworkId ?? ""} />
          {hydrated &&
            artwork &&
            enabled.map((k) => <input key={k} type="hidden" name={`placement.${k}`} value={JSON.stringify(currentPlacement(k))} />)}
          <input type="hidden" name="primaryColor" value={effectivePreviewColor} />

          <Section n={2} title="Upload your artwork" id="artwork">
            <ArtworkUpload
              storeHandle={store.handle}
              artwork={artwork}
              onUploaded={(uploaded) => {
                setPlacements({});
                setArtwork(uploaded);
              }}
              uploading={uploading}
              setUploading={setUploading}
              hydrated={hydrated}
              locked={locked}
              error={errors.artwork}
            />
          </Section>

          <Section n={3} title="Place it">
            {!hydrated && (
              <Alert severity="info">
                Without JavaScript the artwork is centred on the {areas[0]?.label.toLowerCase()} print area and sized to fit. Turn on
                JavaScript to drag, scale and rotate it.
              </Alert>
            )}
            {hydrated && !artwork && <Typography color="text.secondary">Upload your artwork to place it.</Typography>}
            {hydrated && artwork && area && template && (
              <>
                {areas.length > 1 && (
                  <Tabs
                    value={area.key}
                    onChange={(_, v: string) => setAreaKey(v)}
                    aria-label="Print areas"
                    sx={{ mb: 1 }}
                    variant="scrollable"
                    allowScrollButtonsMobile
                  >
                    {areas.map((a) => (
                      <Tab key={a.key} value={a.key} label={`${a.label}${enabled.includes(a.key) ? "" : " (empty)"}`} />
                    ))}
                  </Tabs>
                )}
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={enabled.includes(area.key)}
                      onChange={(e) =>
                        setEnabled((s) => (e.target.checked ? [...new Set([...s, area.key])] : s.filter((k) => k !== area.key)))
                      }
                    />
                  }
                  label={`Print the artwork on the ${area.label.toLowerCase()} (${area.widthIn} × ${area.heightIn} in)`}
                />
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, md: 7 }}>
                    <PlacementControls
                      area={area}
                      template={template}
                      artwork={artwork}
                      enabledHere={enabled.includes(area.key)}
                      placement={currentPlacement(area.key)}
                      setPlacement={setPlacement}
                      hex={colorView?.hex ?? "#ffffff"}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 5 }}>
                    <MockupPreview
                      storeHandle={store.handle}
                      request={previewRequest}
                      blankName={blank.name}
                      colors={blank.colors}
                      chosenColors={colors}
                      effectivePreviewColor={effectivePreviewColor}
                      setPreviewColor={setPreviewColor}
                    />
                    <PreflightPanel checks={checks} />
                  </Grid>
                </Grid>
              </>
            )}
            {errors.placement && <FormHelperText error>{errors.placement}</FormHelperText>}
          </Section>

          <Section n={4} title="Colours and sizes">
            <VariantsPanel blank={blank} colors={colors} setColors={setColors} sizes={sizes} setSizes={setSizes} errors={errors} />
          </Section>

          <Section n={5} title="Price and details">
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 6 }}>
                <PricePanel
                  blank={blank}
                  colors={colors}
                  sizes={sizes}
                  settings={settings}
                  price={price}
                  setPrice={setPrice}
                  perVariant={perVariant}
                  setPerVariant={setPerVariant}
                  showVariantPrices={showVariantPrices}
                  setShowVariantPrices={setShowVariantPrices}
                  errors={errors}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <ProductDetailsFields
                  defaults={{
                    title: echoed.title ?? product?.title ?? "",
                    description: echoed.description ?? product?.description ?? "",
                    tags: echoed.tags ?? product?.tags ?? "",
                    category: echoed.category ?? product?.category ?? blank.category,
                  }}
                  errors={errors}
                />
              </Grid>
            </Grid>
          </Section>

          {hydrated && hasBlocking && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Preflight found a problem that stops publishing. You can still save a draft.
            </Alert>
          )}
          <DesignerActions status={status} locked={locked} uploading={uploading} />
          {product && <SavedMockups product={product} />}
        </Form>
      )}
      {!blank && product === null && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Pick a blank above to continue.
        </Typography>
      )}
    </StoreAdminShell>
  );
}
