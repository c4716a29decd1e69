// Blanks: what a fulfiller prints on (colours, colour × size variants with base costs, print areas,
// the warehouses that stock them). The catalogue reads them here by id (ADR 0011).
import { and, asc, eq, inArray, min } from "drizzle-orm";
import { z } from "zod";
import { newId, transaction } from "../../infra/db/index.ts";
import { AppError, notFound, type Ctx } from "../../kernel/index.ts";
import { assertManagesFulfiller, canManageFulfiller, canWorkFloor, loadFulfiller, type ReadCtx } from "./access.ts";
import { blankColors, blankPrintAreas, blanks, blankVariants, blankWarehouses, fulfillers, warehouses } from "./schema.ts";
import { blankStates } from "./states.ts";
import { CATEGORIES, PRINT_AREA_KEYS, type BlankStatus, type BlankSummary, type TemplateRect } from "./types.ts";

export type BlankRow = typeof blanks.$inferSelect;
export type BlankVariantRow = typeof blankVariants.$inferSelect;
export type { BlankSummary };

// ---- reads (public: the designer, the storefront, the cart) ------------------------------------

/**
 * The blanks offered for new products (the designer's first step), with "from" base cost, colours
 * and sizes: active blanks of active print shops (a suspended shop's blanks leave the designer).
 */
export async function listBlanks(ctx: ReadCtx): Promise<BlankSummary[]> {
  const rows = await ctx.db
    .select({ blank: blanks })
    .from(blanks)
    .innerJoin(fulfillers, eq(fulfillers.id, blanks.fulfillerId))
    .where(and(eq(blanks.status, "active"), eq(fulfillers.status, "active")))
    .orderBy(asc(blanks.category), asc(blanks.name));
  return summaries(
    ctx,
    rows.map((r) => r.blank),
  );
}

/** The blanks one print shop offers (its public page): active ones, and none while it is suspended. */
export async function listOfferedBlanksOf(ctx: ReadCtx, fulfillerId: string): Promise<BlankSummary[]> {
  const rows = await ctx.db
    .select({ blank: blanks })
    .from(blanks)
    .innerJoin(fulfillers, eq(fulfillers.id, blanks.fulfillerId))
    .where(and(eq(blanks.fulfillerId, fulfillerId), eq(blanks.status, "active"), eq(fulfillers.status, "active")))
    .orderBy(asc(blanks.category), asc(blanks.name));
  return summaries(
    ctx,
    rows.map((r) => r.blank),
  );
}

/** Every blank of a business, retired ones included (its owner, or an admin). */
export async function listBlanksOfFulfiller(ctx: Ctx, fulfillerId: string): Promise<(BlankSummary & { status: BlankStatus })[]> {
  const fulfiller = await loadFulfiller(ctx, fulfillerId);
  if (!canManageFulfiller(ctx, fulfiller)) throw new AppError("forbidden", "You can only manage your own fulfillment businesses.", 403);
  const rows = await ctx.db
    .select()
    .from(blanks)
    .where(eq(blanks.fulfillerId, fulfillerId))
    .orderBy(asc(blanks.category), asc(blanks.name));
  const out = await summaries(ctx, rows);
  return out.map((s, i) => ({ ...s, status: rows[i]!.status }));
}

/** The name and category of every blank of a business (the floor's line labels): one light read, for the floor too. */
export async function blankNamesOfFulfiller(ctx: Ctx, fulfillerId: string): Promise<{ id: string; name: string; category: string }[]> {
  const fulfiller = await loadFulfiller(ctx, fulfillerId);
  if (!canWorkFloor(ctx, fulfiller)) throw new AppError("forbidden", "You can only manage your own fulfillment businesses.", 403);
  return ctx.db
    .select({ id: blanks.id, name: blanks.name, category: blanks.category })
    .from(blanks)
    .where(eq(blanks.fulfillerId, fulfillerId));
}

async function summaries(ctx: ReadCtx, rows: BlankRow[]): Promise<BlankSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((b) => b.id);
  const [colors, variants, areas, costs] = await Promise.all([
    ctx.db.select().from(blankColors).where(inArray(blankColors.blankId, ids)).orderBy(asc(blankColors.sortOrder)),
    ctx.db
      .select({ blankId: blankVariants.blankId, size: blankVariants.size, sortOrder: blankVariants.sortOrder })
      .from(blankVariants)
      .where(and(inArray(blankVariants.blankId, ids), eq(blankVariants.active, true)))
      .orderBy(asc(blankVariants.sortOrder)),
    ctx.db
      .select({ blankId: blankPrintAreas.blankId, key: blankPrintAreas.key })
      .from(blankPrintAreas)
      .where(inArray(blankPrintAreas.blankId, ids))
      .orderBy(asc(blankPrintAreas.sortOrder)),
    ctx.db
      .select({ blankId: blankVariants.blankId, cost: min(blankVariants.baseCostMinor) })
      .from(blankVariants)
      .where(and(inArray(blankVariants.blankId, ids), eq(blankVariants.active, true)))
      .groupBy(blankVariants.blankId),
  ]);
  return rows.map((b) => {
    const cs = colors.filter((c) => c.blankId === b.id);
    const firstArea = areas.find((a) => a.blankId === b.id)?.key;
    return {
      id: b.id,
      name: b.name,
      category: b.category,
      description: b.description,
      fromCostMinor: Number(costs.find((c) => c.blankId === b.id)?.cost ?? 0),
      colors: cs.map((c) => ({ name: c.name, hex: c.hex })),
      sizes: [...new Set(variants.filter((v) => v.blankId === b.id).map((v) => v.size))],
      areas: areas.filter((a) => a.blankId === b.id).map((a) => a.key),
      productionDays: b.productionDays,
      thumbnailKey: (firstArea && cs[0]?.templates[firstArea]?.key) || null,
    };
  });
}

export interface BlankDetail {
  blank: BlankRow;
  areas: (typeof blankPrintAreas.$inferSelect)[];
  colors: (typeof blankColors.$inferSelect)[];
  variants: BlankVariantRow[];
  /** Whether new products may be made on it: the blank is active and its print shop is not suspended. */
  offered: boolean;
}

/** One blank whole (any status: existing products keep their blank), or 404. Four queries at once. */
export async function getBlankDetail(ctx: ReadCtx, blankId: string): Promise<BlankDetail> {
  const [[found], areas, colors, variants] = await Promise.all([
    ctx.db
      .select({ blank: blanks, fulfillerStatus: fulfillers.status })
      .from(blanks)
      .leftJoin(fulfillers, eq(fulfillers.id, blanks.fulfillerId))
      .where(eq(blanks.id, blankId))
      .limit(1),
    ctx.db.select().from(blankPrintAreas).where(eq(blankPrintAreas.blankId, blankId)).orderBy(asc(blankPrintAreas.sortOrder)),
    ctx.db.select().from(blankColors).where(eq(blankColors.blankId, blankId)).orderBy(asc(blankColors.sortOrder), asc(blankColors.name)),
    ctx.db.select().from(blankVariants).where(eq(blankVariants.blankId, blankId)).orderBy(asc(blankVariants.sortOrder)),
  ]);
  if (!found) throw notFound("The blank product");
  const { blank, fulfillerStatus } = found;
  return { blank, areas, colors, variants, offered: blank.status === "active" && fulfillerStatus === "active" };
}

/** The template rectangle of an area for one colour (a colour may override it). */
export function rectFor(
  detail: BlankDetail,
  color: string,
  areaKey: string,
): { templateKey: string; rect: TemplateRect; width: number; height: number } | null {
  const area = detail.areas.find((a) => a.key === areaKey);
  const c = detail.colors.find((x) => x.name === color);
  const t = c?.templates[areaKey];
  if (!area || !t) return null;
  return { templateKey: t.key, rect: t.rect ?? area.templateRect, width: area.templateWidth, height: area.templateHeight };
}

/** Blank id -> its colours in the blank's order, for any number of blanks in one query (product grids). */
export async function blankColorsOf(ctx: ReadCtx, blankIds: readonly string[]): Promise<Map<string, { name: string; hex: string }[]>> {
  const ids = [...new Set(blankIds)].filter(Boolean);
  const out = new Map<string, { name: string; hex: string }[]>();
  if (!ids.length) return out;
  const rows = await ctx.db
    .select({ blankId: blankColors.blankId, name: blankColors.name, hex: blankColors.hex })
    .from(blankColors)
    .where(inArray(blankColors.blankId, ids))
    .orderBy(asc(blankColors.sortOrder), asc(blankColors.name));
  for (const { blankId, ...c } of rows) out.set(blankId, [...(out.get(blankId) ?? []), c]);
  return out;
}

/** Blank variants by id (product variants point at them: SKU, base cost, weight, whether offered). */
export async function getBlankVariants(ctx: ReadCtx, variantIds: readonly string[]): Promise<Map<string, BlankVariantRow>> {
  const ids = [...new Set(variantIds)].filter(Boolean);
  if (!ids.length) return new Map();
  const rows = await ctx.db.select().from(blankVariants).where(inArray(blankVariants.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Colour name -> hex over every blank (for colour facets). */
export async function blankColorHexes(ctx: ReadCtx): Promise<Record<string, string>> {
  const rows = await ctx.db
    .selectDistinctOn([blankColors.name], { name: blankColors.name, hex: blankColors.hex })
    .from(blankColors)
    .orderBy(blankColors.name, asc(blankColors.sortOrder));
  return Object.fromEntries(rows.map((r) => [r.name, r.hex]));
}

// ---- writes (the business's owner, or an admin) ---------------------------------------------------

const rectSchema = z.object({ x: z.number().min(0), y: z.number().min(0), w: z.number().positive(), h: z.number().positive() });
const positiveInt = (what: string) => z.number({ error: `Enter ${what}.` }).int(`Use whole numbers for ${what}.`);

export const blankInputSchema = z
  .object({
    fulfillerId: z.string().min(1),
    name: z
      .string({ error: "Enter a name." })
      .trim()
      .min(2, "Enter a name of at least 2 characters.")
      .max(80, "Use at most 80 characters for the name."),
    category: z.enum(CATEGORIES, { error: "Choose a category." }),
    description: z.string().trim().max(2000, "Use at most 2000 characters for the description.").default(""),
    brand: z.string().trim().max(80).default(""),
    material: z.string().trim().max(200).default(""),
    productionDays: positiveInt("the production days")
      .min(1, "Production takes at least 1 day.")
      .max(30, "Production takes at most 30 days."),
    sizeGuide: z.record(z.string(), z.record(z.string(), z.string())).default({}),
    areas: z
      .array(
        z.object({
          key: z.enum(PRINT_AREA_KEYS, { error: `Use a print area among ${PRINT_AREA_KEYS.join(", ")}.` }),
          label: z.string().trim().min(1, "Name each print area.").max(40),
          widthIn: z.number().positive("A print area has a width and a height.").max(100),
          heightIn: z.number().positive("A print area has a width and a height.").max(100),
          requiredDpi: positiveInt("the DPI").min(72, "Ask for at least 72 DPI.").max(1200, "Ask for at most 1200 DPI.").default(300),
          templateWidth: positiveInt("the template width").positive(),
          templateHeight: positiveInt("the template height").positive(),
          templateRect: rectSchema,
        }),
      )
      .min(1, "Add at least one print area."),
    colors: z
      .array(
        z.object({
          name: z.string().trim().min(1, "Name each colour.").max(40),
          hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, "Give each colour a hex code like #1a2b3c."),
          templates: z.record(z.string(), z.object({ key: z.string().min(1), rect: rectSchema.optional() })),
        }),
      )
      .min(1, "Add at least one colour."),
    variants: z
      .array(
        z.object({
          color: z.string().trim().min(1),
          size: z.string().trim().min(1, "Give each variant a size.").max(20),
          sku: z.string().trim().min(1, "Give each variant a SKU.").max(60),
          baseCostMinor: positiveInt("the base cost").min(0, "A base cost cannot be negative."),
          weightGrams: positiveInt("the weight").positive("Give each variant its weight in grams."),
        }),
      )
      .min(1, "Add at least one variant."),
    warehouseIds: z.array(z.string().min(1)).default([]),
  })
  .superRefine((b, issue) => {
    const dup = <T>(xs: T[]) => xs.find((x, i) => xs.indexOf(x) !== i);
    const area = dup(b.areas.map((a) => a.key));
    if (area) issue.addIssue({ code: "custom", path: ["areas"], message: `The print area ${area} is listed twice.` });
    const color = dup(b.colors.map((c) => c.name));
    if (color) issue.addIssue({ code: "custom", path: ["colors"], message: `The colour ${color} is listed twice.` });
    const names = new Set(b.colors.map((c) => c.name));
    const stray = b.variants.find((v) => !names.has(v.color));
    if (stray)
      issue.addIssue({ code: "custom", path: ["variants"], message: `The variant ${stray.sku} has a colour the blank does not offer.` });
    const pair = dup(b.variants.map((v) => `${v.color} / ${v.size}`));
    if (pair) issue.addIssue({ code: "custom", path: ["variants"], message: `The variant ${pair} is listed twice.` });
    const sku = dup(b.variants.map((v) => v.sku));
    if (sku) issue.addIssue({ code: "custom", path: ["variants"], message: `The SKU ${sku} is used twice.` });
  });
export type BlankInput = z.input<typeof blankInputSchema>;

function parseBlank(raw: unknown) {
  const r = blankInputSchema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new AppError("invalid-input", issue.message, 422, String(issue.path[0] ?? "") || undefined);
}

/** Warehouses must belong to the blank's business. */
async function assertOwnWarehouses(ctx: ReadCtx, fulfillerId: string, warehouseIds: readonly string[]): Promise<void> {
  const ids = [...new Set(warehouseIds)];
  if (!ids.length) return;
  const own = await ctx.db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.fulfillerId, fulfillerId), inArray(warehouses.id, ids)));
  if (own.length !== ids.length)
    throw new AppError("invalid-warehouse", "Choose warehouses of this fulfillment business.", 422, "warehouseIds");
}

/** Create a blank with its areas, colours, variants and warehouses, in one transaction. */
export async function createBlank(ctx: Ctx, raw: BlankInput): Promise<BlankRow> {
  const input = parseBlank(raw);
  await assertManagesFulfiller(ctx, input.fulfillerId);
  await assertOwnWarehouses(ctx, input.fulfillerId, input.warehouseIds);
  const taken = await ctx.db
    .select({ sku: blankVariants.sku })
    .from(blankVariants)
    .where(
      inArray(
        blankVariants.sku,
        input.variants.map((v) => v.sku),
      ),
    )
    .limit(1);
  if (taken[0]) throw new AppError("sku-taken", `The SKU ${taken[0].sku} is already used by another blank.`, 409, "variants");
  return transaction(ctx.db, async (db) => {
    const id = newId("blk");
    const [row] = await db
      .insert(blanks)
      .values({
        id,
        fulfillerId: input.fulfillerId,
        name: input.name,
        category: input.category,
        description: input.description,
        brand: input.brand,
        material: input.material,
        productionDays: input.productionDays,
        sizeGuide: input.sizeGuide,
      })
      .returning();
    await db.insert(blankPrintAreas).values(input.areas.map((a, i) => ({ id: newId("bpa"), blankId: id, sortOrder: i, ...a })));
    await db
      .insert(blankColors)
      .values(input.colors.map((c, i) => ({ blankId: id, name: c.name, hex: c.hex, templates: c.templates, sortOrder: i })));
    await db.insert(blankVariants).values(input.variants.map((v, i) => ({ id: newId("bvr"), blankId: id, sortOrder: i, ...v })));
    const whs = [...new Set(input.warehouseIds)];
    if (whs.length) await db.insert(blankWarehouses).values(whs.map((w) => ({ blankId: id, warehouseId: w })));
    return row!;
  });
}

async function loadBlank(ctx: ReadCtx, blankId: string): Promise<BlankRow> {
  const [row] = await ctx.db.select().from(blanks).where(eq(blanks.id, blankId)).limit(1);
  if (!row) throw notFound("The blank product");
  return row;
}

/** Retire a blank (no new products on it; existing products keep it) or offer it again. */
export async function setBlankStatus(ctx: Ctx, blankId: string, to: BlankStatus, reason = ""): Promise<BlankRow> {
  const blank = await loadBlank(ctx, blankId);
  await assertManagesFulfiller(ctx, blank.fulfillerId);
  const { row } = await blankStates.transition(ctx, blankId, to, { reason, set: { updatedAt: ctx.clock.now() } });
  return row;
}

/** Which of the business's warehouses stock a blank (replaces the list). */
export async function setBlankWarehouses(ctx: Ctx, blankId: string, warehouseIds: readonly string[]): Promise<string[]> {
  const blank = await loadBlank(ctx, blankId);
  await assertManagesFulfiller(ctx, blank.fulfillerId);
  const ids = [...new Set(warehouseIds)];
  await assertOwnWarehouses(ctx, blank.fulfillerId, ids);
  return transaction(ctx.db, async (tx) => {
    await tx.delete(blankWarehouses).where(eq(blankWarehouses.blankId, blankId));
    if (ids.length) await tx.insert(blankWarehouses).values(ids.map((w) => ({ blankId, warehouseId: w })));
    await tx.update(blanks).set({ updatedAt: ctx.clock.now() }).where(eq(blanks.id, blankId));
    return ids;
  });
}
