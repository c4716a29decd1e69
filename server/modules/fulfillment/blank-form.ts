// A print shop adds its own blank (issue 23 §5): what it types on its "Add a blank" page (name,
// category, print areas among the generated templates', colours, sizes with base costs) becomes a
// whole blank: one variant per colour × size with a generated SKU, a template per colour × area
// (rendered once, stored under its fingerprint like the demo seed's), then createBlank.
import { and, count, eq, inArray, like } from "drizzle-orm";
import { z } from "zod";
import { generateTemplate, TEMPLATE_AREAS, TEMPLATE_SIZE, templateFingerprint } from "../../infra/images/index.ts";
import { AppError, type Ctx } from "../../kernel/index.ts";
import { assertManagesFulfiller, canManageFulfiller, loadFulfiller } from "./access.ts";
import { createBlank, listBlanksOfFulfiller, type BlankRow } from "./blanks.ts";
import { blankVariants, warehouses } from "./schema.ts";
import { CATEGORIES, type BlankStatus, type BlankSummary, type Category, type PrintAreaKey } from "./types.ts";
import { warehousesStockingBlanks } from "./warehouses.ts";

/** The most colours and sizes a blank added from the form may have (12 × 12 = 144 variants). */
export const BLANK_FORM_MAX_ROWS = 12;
/** The DPI asked of artwork on a print area added from the form. */
const FORM_DPI = 300;

/** The print areas a category's templates have (key and label), for the form's checkboxes. */
export function blankAreaChoices(): Record<Category, { key: PrintAreaKey; label: string }[]> {
  return Object.fromEntries(CATEGORIES.map((c) => [c, TEMPLATE_AREAS[c].map((a) => ({ key: a.key, label: a.label }))])) as Record<
    Category,
    { key: PrintAreaKey; label: string }[]
  >;
}

const whole = (what: string) => z.number({ error: `Enter ${what} as a whole number.` }).int(`Enter ${what} as a whole number.`);

export const addBlankSchema = z
  .object({
    fulfillerId: z.string().min(1),
    name: z
      .string({ error: "Enter a name." })
      .trim()
      .min(1, "Enter a name.")
      .min(2, "Enter a name of at least 2 characters.")
      .max(80, "Use at most 80 characters for the name."),
    category: z.enum(CATEGORIES, { error: "Choose a category." }),
    description: z.string().trim().max(2000, "Use at most 2000 characters for the description.").default(""),
    brand: z.string().trim().max(80, "Use at most 80 characters for the brand.").default(""),
    material: z.string().trim().max(200, "Use at most 200 characters for the material.").default(""),
    productionDays: whole("the production days").min(1, "Production takes at least 1 day.").max(30, "Production takes at most 30 days."),
    areas: z.array(z.string()).min(1, "Choose at least one print area."),
    colors: z
      .array(
        z.object({
          name: z.string().trim().min(1, "Name each colour.").max(40, "Use at most 40 characters for a colour's name."),
          hex: z
            .string()
            .trim()
            .regex(/^#?[0-9a-fA-F]{6}$/, "Give each colour a hex code like #1a2b3c.")
            .transform((h) => `#${h.replace("#", "").toLowerCase()}`),
        }),
      )
      .min(1, "Add at least one colour.")
      .max(BLANK_FORM_MAX_ROWS, `Add at most ${BLANK_FORM_MAX_ROWS} colours.`),
    sizes: z
      .array(
        z.object({
          size: z.string().trim().min(1, "Name each size.").max(20, "Use at most 20 characters for a size."),
          baseCostMinor: whole("the base cost")
            .min(0, "A base cost cannot be negative.")
            .max(100_000_00, "Enter a base cost below 100,000."),
          weightGrams: whole("the weight in grams")
            .min(1, "Give each size its weight in grams.")
            .max(100_000, "Enter a weight below 100 kg."),
        }),
      )
      .min(1, "Add at least one size.")
      .max(BLANK_FORM_MAX_ROWS, `Add at most ${BLANK_FORM_MAX_ROWS} sizes.`),
    warehouseIds: z.array(z.string().min(1)).default([]),
  })
  .superRefine((b, issue) => {
    const specs = (TEMPLATE_AREAS as Partial<typeof TEMPLATE_AREAS>)[b.category];
    if (!specs) return; // the category itself is refused
    const offered: string[] = specs.map((a) => a.key);
    const stray = b.areas.find((a) => !offered.includes(a));
    if (stray !== undefined)
      issue.addIssue({
        code: "custom",
        path: ["areas"],
        message: `Choose print areas of this category: ${specs.map((a) => a.label).join(", ")}.`,
      });
    const seen = (xs: string[]) => xs.findIndex((x, i) => xs.indexOf(x) !== i);
    const color = seen(b.colors.map((c) => c.name.toLowerCase()));
    if (color >= 0)
      issue.addIssue({ code: "custom", path: ["colors", color, "name"], message: `The colour ${b.colors[color]!.name} is listed twice.` });
    const size = seen(b.sizes.map((s) => s.size.toLowerCase()));
    if (size >= 0)
      issue.addIssue({ code: "custom", path: ["sizes", size, "size"], message: `The size ${b.sizes[size]!.size} is listed twice.` });
  });
export type AddBlankInput = z.input<typeof addBlankSchema>;

/** Every problem of the input at once, by field path ("name", "colors.1.hex", "sizes.0.baseCostMinor"), or null. */
export function addBlankErrors(raw: unknown): Record<string, string> | null {
  const r = addBlankSchema.safeParse(raw);
  if (r.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[issue.path.join(".") || "_form"] ??= issue.message;
  return errors;
}

const skuPart = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "")
    .slice(0, 12) || "X";

/**
 * Add a blank from the print shop's form (its owner, or an admin). Refused input is an AppError 422
 * naming the field (its path, as addBlankErrors) and writes nothing, templates included.
 */
export async function addBlank(ctx: Ctx, raw: AddBlankInput): Promise<BlankRow> {
  const r = addBlankSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new AppError("invalid-input", issue.message, 422, issue.path.join(".") || undefined);
  }
  const input = r.data;
  const fulfiller = await assertManagesFulfiller(ctx, input.fulfillerId);
  const warehouseIds = [...new Set(input.warehouseIds)];
  if (warehouseIds.length) {
    const own = await ctx.db
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.fulfillerId, fulfiller.id), inArray(warehouses.id, warehouseIds)));
    if (own.length !== warehouseIds.length)
      throw new AppError("invalid-warehouse", "Choose warehouses of this print shop.", 422, "warehouseIds");
  }

  // SKUs: <HANDLE>-<NAME>-<COLOUR>-<SIZE>, with -2, -3… when one is taken (here or by another blank).
  const prefix = `${skuPart(fulfiller.handle)}-${skuPart(input.name)}-`;
  const taken = new Set(
    (
      await ctx.db
        .select({ sku: blankVariants.sku })
        .from(blankVariants)
        .where(like(blankVariants.sku, `${prefix}%`))
    ).map((v) => v.sku),
  );
  const variants = input.colors.flatMap((c) =>
    input.sizes.map((s) => {
      const base = `${prefix}${skuPart(c.name)}-${skuPart(s.size)}`;
      let sku = base;
      for (let n = 2; taken.has(sku); n++) sku = `${base}-${n}`;
      taken.add(sku);
      return { color: c.name, size: s.size, sku, baseCostMinor: s.baseCostMinor, weightGrams: s.weightGrams };
    }),
  );

  const areas = TEMPLATE_AREAS[input.category].filter((a) => input.areas.includes(a.key));
  const templates = await renderTemplates(ctx, input.category, areas, input.colors);
  return createBlank(ctx, {
    fulfillerId: fulfiller.id,
    name: input.name,
    category: input.category,
    description: input.description,
    brand: input.brand,
    material: input.material,
    productionDays: input.productionDays,
    areas: areas.map((a) => ({
      key: a.key,
      label: a.label,
      widthIn: a.widthIn,
      heightIn: a.heightIn,
      requiredDpi: FORM_DPI,
      templateWidth: TEMPLATE_SIZE,
      templateHeight: TEMPLATE_SIZE,
      templateRect: { ...a.rect },
    })),
    colors: input.colors.map((c) => ({ name: c.name, hex: c.hex, templates: templates.get(c.name) ?? {} })),
    variants,
    warehouseIds,
  });
}

/**
 * Each colour × area template, stored under its fingerprint (the same key for any blank of the
 * category in that colour): one already stored is not rendered again. Two at a time.
 */
async function renderTemplates(
  ctx: Ctx,
  category: Category,
  areas: readonly { key: PrintAreaKey }[],
  colors: readonly { name: string; hex: string }[],
): Promise<Map<string, Record<string, { key: string }>>> {
  const out = new Map<string, Record<string, { key: string }>>();
  const jobs = colors.flatMap((c) => areas.map((a) => ({ color: c.name, hex: c.hex, areaKey: a.key })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const j = jobs[next++]!;
      const key = `templates/${category}/${j.areaKey}-${j.hex.slice(1)}-${templateFingerprint(category, j.areaKey, j.hex)}.png`;
      if (!(await ctx.ports.storage.exists(key))) {
        const t = await generateTemplate(category, j.areaKey, j.hex);
        await ctx.ports.storage.put(key, t.png, { contentType: "image/png" });
      }
      out.set(j.color, { ...out.get(j.color), [j.areaKey]: { key } });
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/** A blank on the print shop's list of blanks. */
export interface ShopBlank extends BlankSummary {
  status: BlankStatus;
  variantCount: number;
  warehouses: string[];
}

/** The print shop's blanks, retired ones included, with their variants' count and the warehouses making them (owner or admin). */
export async function listShopBlanks(ctx: Ctx, fulfillerId: string): Promise<ShopBlank[]> {
  const fulfiller = await loadFulfiller(ctx, fulfillerId);
  if (!canManageFulfiller(ctx, fulfiller)) throw new AppError("forbidden", "You can only manage your own fulfillment businesses.", 403);
  const blanks = await listBlanksOfFulfiller(ctx, fulfillerId);
  if (!blanks.length) return [];
  const ids = blanks.map((b) => b.id);
  const [made, counts] = await Promise.all([
    warehousesStockingBlanks(ctx, ids),
    ctx.db
      .select({ blankId: blankVariants.blankId, n: count() })
      .from(blankVariants)
      .where(and(inArray(blankVariants.blankId, ids), eq(blankVariants.active, true)))
      .groupBy(blankVariants.blankId),
  ]);
  return blanks.map((b) => ({
    ...b,
    variantCount: Number(counts.find((c) => c.blankId === b.id)?.n ?? 0),
    warehouses: (made.get(b.id) ?? []).map((w) => w.name),
  }));
}
