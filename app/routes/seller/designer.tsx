import CloudUpload from "@mui/icons-material/CloudUpload";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Grid from "@mui/material/Grid";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/designer";
import { DesignerStage, tidy } from "#app/components/catalog/DesignerStage.tsx";
import { errorsOf, FormError } from "#app/components/forms.tsx";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { echoValues, failure } from "#app/lib/forms.server.ts";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { readBoundedForm } from "#app/routes/jobs/apply.server.ts";
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
import { defaultPlacement, preflight } from "#server/modules/catalog/preflight.ts";
import {
  formFieldOf,
  priceFieldErrors,
  PRODUCT_STATUS_LABELS,
  productFormToInput,
  productInputSchema,
} from "#server/modules/catalog/product-form.ts";
import {
  CATEGORIES,
  CATEGORY_LABELS,
  DPI_REFUSE,
  DPI_WARN,
  mockupUrl,
  type Category,
  type Placement,
  type PreflightIssue,
  type ProductStatus,
  type TemplateRect,
} from "#server/modules/catalog/types.ts";
import { getSettings } from "#server/modules/platform/index.ts";
import { formatAmount, money as moneyOf, parseMoney, toDecimalString } from "#server/contracts/money.ts";
import { minimumRetailMinor, splitSale } from "#server/modules/pricing/types.ts";

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
  let blank = null;
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

// ---- page ------------------------------------------------------------------------------------

type LoaderData = Route.ComponentProps["loaderData"];
type BlankView = NonNullable<LoaderData["blank"]>;
interface ArtworkView {
  artworkId: string;
  previewUrl: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

const NOTICES: Record<string, { severity: "success" | "info" | "warning"; text: string }> = {
  saved: { severity: "success", text: "Draft saved. Mockups and print files are ready." },
  "saved-flagged": {
    severity: "warning",
    text: "Draft saved. This artwork looks like one already published by another store: publishing it will be held for review.",
  },
  published: { severity: "success", text: "Published! Your product is live in the shop." },
  held: {
    severity: "warning",
    text: "Held for review: this artwork looks like one already published by another store. Our team will check it and tell you the outcome by e-mail.",
  },
  unpublished: { severity: "info", text: "Unpublished. The product is hidden from the shop until you publish it again." },
};

function Section({ n, title, children, id }: { n: number; title: string; children: ReactNode; id?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`step-${n}`} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} id={id}>
      <Typography id={`step-${n}`} variant="h2" sx={{ fontSize: "1.25rem", mb: 2, display: "flex", alignItems: "center", gap: 1 }}>
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: "50%",
            bgcolor: "primary.main",
            color: "primary.contrastText",
            display: "inline-grid",
            placeItems: "center",
            fontSize: "0.95rem",
          }}
        >
          {n}
        </Box>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function BlankPicker({ blanks, selected, base }: { blanks: LoaderData["blanks"]; selected: string | null; base: string }) {
  return (
    <Box>
      {CATEGORIES.filter((c) => blanks.some((b) => b.category === c)).map((cat) => (
        <Box key={cat} sx={{ mb: 2 }}>
          <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
            {CATEGORY_LABELS[cat]}
          </Typography>
          <Grid container spacing={1.5}>
            {blanks
              .filter((b) => b.category === cat)
              .map((b) => (
                <Grid key={b.id} size={{ xs: 6, sm: 4, lg: 3 }}>
                  <Card
                    variant="outlined"
                    sx={{
                      height: "100%",
                      borderColor: b.id === selected ? "primary.main" : undefined,
                      borderWidth: b.id === selected ? 2 : 1,
                    }}
                  >
                    <CardActionArea
                      component={Link}
                      to={`${base}?blank=${b.id}#artwork`}
                      aria-current={b.id === selected ? "true" : undefined}
                      data-testid="blank-card"
                      sx={{ height: "100%" }}
                    >
                      {b.thumb ? (
                        <Box
                          component="img"
                          src={b.thumb}
                          alt=""
                          loading="lazy"
                          width={240}
                          height={240}
                          sx={{
                            width: "100%",
                            height: "auto",
                            aspectRatio: "1 / 1",
                            objectFit: "cover",
                            bgcolor: "#eceae6",
                            display: "block",
                          }}
                        />
                      ) : null}
                      <CardContent sx={{ p: 1.5 }}>
                        <Typography sx={{ fontWeight: 600 }}>{b.name}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          from {b.from} base cost
                        </Typography>
                        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }} aria-label={`${b.colors.length} colours`}>
                          {b.colors.map((c) => (
                            <Box
                              key={c.name}
                              title={c.name}
                              sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: c.hex, border: "1px solid rgba(0,0,0,0.25)" }}
                            />
                          ))}
                        </Stack>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
          </Grid>
        </Box>
      ))}
    </Box>
  );
}

function IssueList({ issues }: { issues: PreflightIssue[] }) {
  if (!issues.length) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {issues.map((i) => (
        <Alert
          key={i.code + i.message}
          severity={i.level === "error" ? "error" : i.level === "warning" ? "warning" : "info"}
          sx={{ py: 0 }}
          data-testid={`preflight-${i.level}`}
        >
          {i.message}
        </Alert>
      ))}
    </Stack>
  );
}

export default function Designer(props: Route.ComponentProps) {
  // a fresh designer state per blank and per product (choosing a blank is a navigation to ?blank=)
  return <DesignerPage key={`${props.loaderData.blank?.id ?? "none"}:${props.loaderData.product?.id ?? "new"}`} {...props} />;
}

function DesignerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { store, blanks, blank, product, settings, notice } = loaderData;
  const errors = errorsOf(actionData);
  const echoed = (actionData && "values" in actionData ? (actionData.values ?? {}) : {}) as Values;
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  const base = `/shop/partners/@${store.handle}/administration/products`;
  const selfUrl = product ? `${base}/${product.id}` : `${base}/create`;
  const status: ProductStatus | null = product?.status ?? null;
  const locked = status === "taken_down";

  const [artwork, setArtwork] = useState<ArtworkView | null>(loaderData.artwork);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [flagged, setFlagged] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const fileRef = useRef<HTMLInputElement>(null);

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

  const checks = useMemo(() => {
    if (!artwork || !blank) return [] as { key: string; label: string; dpi: number; issues: PreflightIssue[] }[];
    return enabled
      .map((k) => blank.areas.find((a) => a.key === k))
      .filter((a): a is BlankView["areas"][number] => !!a)
      .map((a) => {
        const r = preflight({
          artworkWidth: artwork.width,
          artworkHeight: artwork.height,
          hasAlpha: artwork.hasAlpha,
          placement: currentPlacement(a.key),
          area: a,
        });
        return { key: a.key, label: a.label, dpi: r.effectiveDpi, issues: r.issues };
      });
  }, [artwork, blank, enabled, placements]); // eslint-disable-line react-hooks/exhaustive-deps

  // Server mockup preview, debounced while placing.
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [previewState, setPreviewState] = useState<"idle" | "loading" | "error">("idle");
  const previewKey =
    artwork && blank && area && enabled.includes(area.key)
      ? JSON.stringify([artwork.artworkId, blank.id, effectivePreviewColor, area.key, currentPlacement(area.key)])
      : "";
  useEffect(() => {
    if (!previewKey) return;
    const [artworkId, blankId, color, key, placement] = JSON.parse(previewKey) as [string, string, string, string, Placement];
    const ctl = new AbortController();
    const timer = setTimeout(async () => {
      setPreviewState("loading");
      try {
        const res = await fetch(`/api/designer/preview?store=${encodeURIComponent(`@${store.handle}`)}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ artworkId, blankId, color, areaKey: key, placement }),
          signal: ctl.signal,
        });
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        setPreviewUrl((old) => {
          if (old) URL.revokeObjectURL(old);
          return URL.createObjectURL(blob);
        });
        setPreviewState("idle");
      } catch (e) {
        if ((e as Error).name !== "AbortError") setPreviewState("error");
      }
    }, 350);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [previewKey, store.handle]);

  async function upload(file: File) {
    setUploadError(null);
    setFlagged(null);
    if (file.size > ARTWORK_MAX_BYTES_CLIENT) {
      setUploadError("The file is larger than 25 MB. Export a smaller PNG, JPEG or WebP.");
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append("artwork", file);
      const res = await fetch(`/api/designer/artwork?store=${encodeURIComponent(`@${store.handle}`)}`, { method: "POST", body });
      const json = (await res.json().catch(() => ({ error: "The upload failed. Please try again." }))) as {
        error?: string;
        artworkId?: string;
        previewUrl?: string;
        width?: number;
        height?: number;
        hasAlpha?: boolean;
        flagged?: { reason: string };
      };
      if (!res.ok || !json.artworkId) {
        setUploadError(json.error ?? "The upload failed. Please try again.");
        return;
      }
      setPlacements({});
      setArtwork({
        artworkId: json.artworkId,
        previewUrl: json.previewUrl!,
        width: json.width!,
        height: json.height!,
        hasAlpha: !!json.hasAlpha,
      });
      if (json.flagged) setFlagged(json.flagged.reason);
      if (fileRef.current) fileRef.current.value = "";
    } catch {
      setUploadError("Network request failed. Check your connection and try again.");
    } finally {
      setUploading(false);
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    const f = e.dataTransfer.files?.[0];
    if (f) void upload(f);
  };

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

  const hasBlocking = checks.some((c) => c.issues.some((i) => i.level === "error"));
  const titleDefault = echoed.title ?? product?.title ?? "";

  return (
    <StoreAdminShell store={store} active="products">
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, mb: 2 }}
      >
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" } }}>
            {product ? product.title : "Design a product"}
          </Typography>
          <MuiLink component={Link} to={base} variant="body2">
            Back to products
          </MuiLink>
        </Box>
        {status && (
          <Chip
            label={PRODUCT_STATUS_LABELS[status]}
            color={status === "published" ? "success" : status === "in_review" ? "warning" : status === "taken_down" ? "error" : "default"}
            data-testid="product-status"
          />
        )}
      </Stack>

      {notice && NOTICES[notice] && (
        <Alert severity={NOTICES[notice].severity} sx={{ mb: 2 }} role="status" data-testid="designer-notice">
          {NOTICES[notice].text}
          {notice === "published" && product && (
            <>
              {" "}
              <MuiLink component={Link} to={`/shop/product/${product.id}`}>
                View it in the shop
              </MuiLink>
            </>
          )}
        </Alert>
      )}
      {product?.heldReason && notice !== "held" && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {product.heldReason}
        </Alert>
      )}
      {locked && (
        <Alert severity="error" sx={{ mb: 2 }}>
          This product was taken down by the Platen team{product?.takedownReason ? `: ${product.takedownReason}` : "."} It cannot be edited.
          Reply to our e-mail if you think this is a mistake.
        </Alert>
      )}
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
            <Box
              onDragOver={(e) => {
                e.preventDefault();
                setDragOver(true);
              }}
              onDragLeave={() => setDragOver(false)}
              onDrop={onDrop}
              sx={{
                border: "2px dashed",
                borderColor: dragOver ? "primary.main" : errors.artwork || uploadError ? "error.main" : "divider",
                borderRadius: 2,
                p: { xs: 2, sm: 3 },
                bgcolor: dragOver ? "action.hover" : undefined,
                textAlign: "center",
              }}
              data-testid="dropzone"
            >
              <CloudUpload color="action" sx={{ fontSize: 40 }} aria-hidden />
              <Typography sx={{ mb: 1 }}>
                {hydrated ? "Drag and drop your artwork here, or choose a file." : "Choose your artwork file."}
              </Typography>
              <Box component="label" htmlFor="artwork-file" sx={{ display: "block", fontWeight: 600, mb: 1 }}>
                Artwork file (PNG, JPEG or WebP, up to 25 MB)
              </Box>
              <input
                ref={fileRef}
                id="artwork-file"
                type="file"
                name="artwork"
                accept="image/png,image/jpeg,image/webp"
                disabled={locked}
                aria-describedby="artwork-help"
                aria-invalid={!!(errors.artwork || uploadError)}
                onChange={(e) => {
                  const f = e.currentTarget.files?.[0];
                  if (f) void upload(f);
                }}
              />
              <FormHelperText
                id="artwork-help"
                error={!!(errors.artwork || uploadError)}
                sx={{ textAlign: "center" }}
                data-testid="artwork-error"
              >
                {uploadError ??
                  errors.artwork ??
                  `For sharp prints use at least ${DPI_WARN} DPI at the printed size: a 12-inch-wide print needs ${12 * DPI_WARN} pixels. Transparent PNGs print only the design.`}
              </FormHelperText>
              {uploading && (
                <Stack direction="row" spacing={1} sx={{ justifyContent: "center", mt: 1 }} role="status">
                  <CircularProgress size={20} />
                  <span>Uploading and checking your artwork…</span>
                </Stack>
              )}
            </Box>
            {artwork && (
              <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: "center" }}>
                <Box
                  component="img"
                  src={artwork.previewUrl}
                  alt="Your uploaded artwork"
                  width={72}
                  height={72}
                  sx={{ width: 72, height: 72, objectFit: "contain", bgcolor: "#e9e9e9", borderRadius: 1 }}
                />
                <Typography variant="body2" data-testid="artwork-info">
                  {artwork.width.toLocaleString("en-US")} × {artwork.height.toLocaleString("en-US")} px
                  {artwork.hasAlpha ? ", transparent background" : ", no transparency"}
                </Typography>
              </Stack>
            )}
            {flagged && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="flagged-upload">
                {flagged}
              </Alert>
            )}
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
                    {enabled.includes(area.key) ? (
                      <DesignerStage
                        templateUrl={template.url}
                        templateWidth={area.templateWidth}
                        templateHeight={area.templateHeight}
                        rect={(template.rect ?? area.rect) as TemplateRect}
                        artwork={{ url: artwork.previewUrl, width: artwork.width, height: artwork.height }}
                        placement={currentPlacement(area.key)}
                        onChange={(p) => setPlacement(area.key, p)}
                        areaLabel={area.label}
                        hex={colorView?.hex ?? "#ffffff"}
                      />
                    ) : (
                      <Typography color="text.secondary">
                        Nothing is printed on the {area.label.toLowerCase()}. Tick the box above to place your artwork here.
                      </Typography>
                    )}
                    {enabled.includes(area.key) && (
                      <Box sx={{ mt: 2 }}>
                        <Typography id="scale-label" variant="body2" gutterBottom>
                          Size: {Math.round(currentPlacement(area.key).scale * 100)}% of the area width (
                          {(currentPlacement(area.key).scale * area.widthIn).toFixed(1)} in)
                        </Typography>
                        <Slider
                          aria-labelledby="scale-label"
                          min={0.05}
                          max={1.5}
                          step={0.01}
                          value={currentPlacement(area.key).scale}
                          onChange={(_, v) => setPlacement(area.key, { ...currentPlacement(area.key), scale: v as number })}
                        />
                        <Typography id="rotation-label" variant="body2" gutterBottom>
                          Rotation: {Math.round(currentPlacement(area.key).rotation)}°
                        </Typography>
                        <Slider
                          aria-labelledby="rotation-label"
                          min={-180}
                          max={180}
                          step={1}
                          value={currentPlacement(area.key).rotation}
                          onChange={(_, v) => setPlacement(area.key, { ...currentPlacement(area.key), rotation: v as number })}
                        />
                        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setPlacement(area.key, { ...currentPlacement(area.key), x: 0.5, y: 0.5 })}
                          >
                            Centre
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setPlacement(area.key, defaultPlacement(artwork.width, artwork.height, area))}
                          >
                            Fit to area
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setPlacement(area.key, { ...currentPlacement(area.key), rotation: 0 })}
                          >
                            Straighten
                          </Button>
                        </Stack>
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                          Tip: select the artwork and use the arrow keys to nudge it (Shift for bigger steps), + and − to resize, [ and ] to
                          rotate.
                        </Typography>
                      </Box>
                    )}
                  </Grid>
                  <Grid size={{ xs: 12, md: 5 }}>
                    <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
                      Preview colour
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1, mb: 2 }}>
                      {blank.colors
                        .filter((c) => colors.includes(c.name))
                        .map((c) => (
                          <Box
                            key={c.name}
                            component="button"
                            type="button"
                            onClick={() => setPreviewColor(c.name)}
                            aria-pressed={c.name === effectivePreviewColor}
                            aria-label={`Preview in ${c.name}`}
                            title={c.name}
                            sx={{
                              width: 32,
                              height: 32,
                              borderRadius: "50%",
                              bgcolor: c.hex,
                              border: "2px solid",
                              borderColor: c.name === effectivePreviewColor ? "primary.main" : "rgba(0,0,0,0.25)",
                              outline: c.name === effectivePreviewColor ? "2px solid" : "none",
                              outlineColor: "primary.main",
                              outlineOffset: 2,
                              cursor: "pointer",
                            }}
                          />
                        ))}
                    </Stack>
                    <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
                      Mockup preview
                    </Typography>
                    <Box sx={{ position: "relative", aspectRatio: "1 / 1", bgcolor: "#eceae6", borderRadius: 1, overflow: "hidden" }}>
                      {previewUrl && (
                        <Box
                          component="img"
                          src={previewUrl}
                          alt={`Mockup of your design on ${blank.name}, ${effectivePreviewColor}`}
                          sx={{ width: "100%", height: "100%", objectFit: "contain", display: "block" }}
                          data-testid="server-preview"
                        />
                      )}
                      {previewState === "loading" && (
                        <CircularProgress size={24} sx={{ position: "absolute", top: 8, right: 8 }} aria-label="Updating the preview" />
                      )}
                    </Box>
                    {previewState === "error" && (
                      <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                        The preview could not be rendered just now; your placement is kept.
                      </Typography>
                    )}
                    <Box sx={{ mt: 2 }} aria-live="polite" data-testid="preflight">
                      <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600 }}>
                        Preflight
                      </Typography>
                      {checks.map((c) => (
                        <Box key={c.key} sx={{ mt: 1 }}>
                          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                            <Typography variant="body2">{c.label}:</Typography>
                            <Chip
                              size="small"
                              label={`${c.dpi} DPI`}
                              color={c.dpi < DPI_REFUSE ? "error" : c.dpi < DPI_WARN ? "warning" : "success"}
                              data-testid={`dpi-${c.key}`}
                            />
                          </Stack>
                          <IssueList issues={c.issues} />
                        </Box>
                      ))}
                      {!checks.length && (
                        <Typography variant="body2" color="text.secondary">
                          Place the artwork on at least one print area.
                        </Typography>
                      )}
                    </Box>
                  </Grid>
                </Grid>
              </>
            )}
            {errors.placement && <FormHelperText error>{errors.placement}</FormHelperText>}
          </Section>

          <Section n={4} title="Colours and sizes">
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }} aria-describedby="colors-error">
              <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
                Colours
              </Typography>
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
                {blank.colors.map((c) => (
                  <FormControlLabel
                    key={c.name}
                    sx={{
                      m: 0,
                      pr: 1.5,
                      border: "1px solid",
                      borderColor: colors.includes(c.name) ? "primary.main" : "divider",
                      borderRadius: 5,
                    }}
                    control={
                      <Checkbox
                        name="colors"
                        value={c.name}
                        checked={colors.includes(c.name)}
                        onChange={(e) => setColors((s) => (e.target.checked ? [...s, c.name] : s.filter((x) => x !== c.name)))}
                      />
                    }
                    label={
                      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                        <Box
                          aria-hidden
                          sx={{ width: 18, height: 18, borderRadius: "50%", bgcolor: c.hex, border: "1px solid rgba(0,0,0,0.3)" }}
                        />
                        <span>{c.name}</span>
                      </Stack>
                    }
                  />
                ))}
              </Stack>
              <FormHelperText id="colors-error" error={!!errors.colors}>
                {errors.colors ?? "Each colour gets its own mockup."}
              </FormHelperText>
            </Box>
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby="sizes-error">
              <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
                Sizes
              </Typography>
              <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
                {blank.sizes.map((s) => (
                  <FormControlLabel
                    key={s}
                    control={
                      <Checkbox
                        name="sizes"
                        value={s}
                        checked={sizes.includes(s)}
                        onChange={(e) => setSizes((x) => (e.target.checked ? [...x, s] : x.filter((y) => y !== s)))}
                      />
                    }
                    label={s}
                  />
                ))}
              </Stack>
              <FormHelperText id="sizes-error" error={!!errors.sizes}>
                {errors.sizes ?? `${colors.length * sizes.length} variants`}
              </FormHelperText>
            </Box>
          </Section>

          <Section n={5} title="Price and details">
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 6 }}>
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
                    priceError ??
                    (minPrice !== null ? `At least ${money(minPrice)} for the chosen variants.` : "Choose colours and sizes first.")
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
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <Stack spacing={2}>
                  <TextField
                    name="title"
                    label="Title"
                    defaultValue={titleDefault}
                    required
                    fullWidth
                    error={!!errors.title}
                    helperText={errors.title ?? "What shoppers search for, e.g. “Night Bloom T-shirt”."}
                  />
                  <TextField
                    name="description"
                    label="Description"
                    defaultValue={echoed.description ?? product?.description ?? ""}
                    multiline
                    minRows={3}
                    fullWidth
                    error={!!errors.description}
                    helperText={errors.description}
                  />
                  <TextField
                    name="tags"
                    label="Tags"
                    defaultValue={echoed.tags ?? product?.tags ?? ""}
                    fullWidth
                    error={!!errors.tags}
                    helperText={errors.tags ?? "Comma separated, e.g. floral, moon, night"}
                  />
                  <TextField
                    select
                    name="category"
                    label="Category"
                    defaultValue={echoed.category ?? product?.category ?? blank.category}
                    fullWidth
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    error={!!errors.category}
                    helperText={errors.category}
                  >
                    {CATEGORIES.map((c: Category) => (
                      <option key={c} value={c}>
                        {CATEGORY_LABELS[c]}
                      </option>
                    ))}
                  </TextField>
                </Stack>
              </Grid>
            </Grid>
          </Section>

          {hydrated && hasBlocking && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Preflight found a problem that stops publishing. You can still save a draft.
            </Alert>
          )}
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mb: 4 }}>
            {status !== "published" && (
              <Button type="submit" name="intent" value="save" variant="outlined" size="large" disabled={busy || locked || uploading}>
                {busy && nav.formData?.get("intent") === "save" ? "Saving…" : status === "unpublished" ? "Save" : "Save draft"}
              </Button>
            )}
            {status !== "published" && (
              <Button
                type="submit"
                name="intent"
                value="publish"
                variant="contained"
                size="large"
                disabled={busy || locked || uploading || status === "in_review"}
              >
                {busy && nav.formData?.get("intent") === "publish"
                  ? "Publishing…"
                  : status === "in_review"
                    ? "Waiting for review"
                    : "Publish"}
              </Button>
            )}
            {status === "published" && (
              <>
                <Button type="submit" name="intent" value="save" variant="contained" size="large" disabled={busy}>
                  Save changes (stays live)
                </Button>
                <Button type="submit" name="intent" value="unpublish" color="warning" variant="outlined" size="large" disabled={busy}>
                  Unpublish
                </Button>
              </>
            )}
          </Stack>
          {product && product.mockups.length > 0 && (
            <Section n={6} title="Saved mockups">
              <Grid container spacing={1}>
                {product.mockups.map((m) => (
                  <Grid key={`${m.color}-${m.areaKey}`} size={{ xs: 4, sm: 3, md: 2 }}>
                    <Box
                      component="img"
                      src={m.url}
                      alt={`${product.title}, ${m.color}, ${m.areaKey}`}
                      loading="lazy"
                      width={160}
                      height={160}
                      sx={{ width: "100%", height: "auto", borderRadius: 1, bgcolor: "#eceae6" }}
                    />
                  </Grid>
                ))}
              </Grid>
            </Section>
          )}
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

const ARTWORK_MAX_BYTES_CLIENT = 25 * 1024 * 1024;
