// Blanks: what the fulfillers can print on (read for the designer; write for the seed).
import { and, asc, eq, inArray, min } from "drizzle-orm";
import { newId, transaction } from "../../infra/db/index.ts";
import { blankColors, blankPrintAreas, blanks, blankVariants, blankWarehouses } from "./schema.ts";
import { assertRole, notFound, type Ctx } from "../../kernel/index.ts";
import type { Category, PrintAreaKey, TemplateRect } from "./types.ts";

export type BlankRow = typeof blanks.$inferSelect;

export interface BlankSummary {
  id: string;
  name: string;
  category: Category;
  description: string;
  fromCostMinor: number;
  colors: { name: string; hex: string }[];
  sizes: string[];
  areas: string[];
  productionDays: number;
  thumbnailKey: string | null;
}

/** Active blanks for the designer's first step, with "from" base cost, colours and sizes. */
export async function listBlanks(ctx: Ctx): Promise<BlankSummary[]> {
  const rows = await ctx.db.select().from(blanks).where(eq(blanks.status, "active")).orderBy(asc(blanks.category), asc(blanks.name));
  if (!rows.length) return [];
  const ids = rows.map((b) => b.id);
  const [colors, variants, areas, costs] = await Promise.all([
    ctx.db.select().from(blankColors).where(inArray(blankColors.blankId, ids)).orderBy(asc(blankColors.sortOrder)),
    ctx.db
      .select({
        blankId: blankVariants.blankId,
        size: blankVariants.size,
        sortOrder: blankVariants.sortOrder,
      })
      .from(blankVariants)
      .where(and(inArray(blankVariants.blankId, ids), eq(blankVariants.active, true)))
      .orderBy(asc(blankVariants.sortOrder)),
    ctx.db
      .select({ blankId: blankPrintAreas.blankId, key: blankPrintAreas.key })
      .from(blankPrintAreas)
      .where(inArray(blankPrintAreas.blankId, ids))
      .orderBy(asc(blankPrintAreas.sortOrder)),
    ctx.db
      .select({
        blankId: blankVariants.blankId,
        cost: min(blankVariants.baseCostMinor),
      })
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
  variants: (typeof blankVariants.$inferSelect)[];
}

export async function getBlankDetail(ctx: Ctx, blankId: string): Promise<BlankDetail> {
  const [blank] = await ctx.db.select().from(blanks).where(eq(blanks.id, blankId)).limit(1);
  if (!blank) throw notFound("The blank product");
  const [areas, colors, variants] = await Promise.all([
    ctx.db.select().from(blankPrintAreas).where(eq(blankPrintAreas.blankId, blankId)).orderBy(asc(blankPrintAreas.sortOrder)),
    ctx.db.select().from(blankColors).where(eq(blankColors.blankId, blankId)).orderBy(asc(blankColors.sortOrder)),
    ctx.db.select().from(blankVariants).where(eq(blankVariants.blankId, blankId)).orderBy(asc(blankVariants.sortOrder)),
  ]);
  return { blank, areas, colors, variants };
}

/** The template rectangle of an area for one colour (a colour may override it). */
export function rectFor(
  detail: BlankDetail,
  color: string,
  areaKey: string,
): {
  templateKey: string;
  rect: TemplateRect;
  width: number;
  height: number;
} | null {
  const area = detail.areas.find((a) => a.key === areaKey);
  const c = detail.colors.find((x) => x.name === color);
  const t = c?.templates[areaKey];
  if (!area || !t) return null;
  return {
    templateKey: t.key,
    rect: t.rect ?? area.templateRect,
    width: area.templateWidth,
    height: area.templateHeight,
  };
}

export interface BlankInput {
  fulfillerId: string;
  name: string;
  category: Category;
  description: string;
  brand?: string;
  material?: string;
  productionDays: number;
  sizeGuide?: Record<string, Record<string, string>>;
  areas: {
    key: PrintAreaKey;
    label: string;
    widthIn: number;
    heightIn: number;
    requiredDpi?: number;
    templateWidth: number;
    templateHeight: number;
    templateRect: TemplateRect;
  }[];
  colors: {
    name: string;
    hex: string;
    templates: Record<string, { key: string; rect?: TemplateRect }>;
  }[];
  variants: {
    color: string;
    size: string;
    sku: string;
    baseCostMinor: number;
    weightGrams: number;
  }[];
  warehouseIds: string[];
}

/** Create a blank with its areas, colours, variants and warehouses (admins and the system). */
export async function createBlank(ctx: Ctx, input: BlankInput): Promise<BlankRow> {
  assertRole(ctx, "admin", "Only admins can add blanks.");
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
        brand: input.brand ?? "",
        material: input.material ?? "",
        productionDays: input.productionDays,
        sizeGuide: input.sizeGuide ?? {},
      })
      .returning();
    await db.insert(blankPrintAreas).values(
      input.areas.map((a, i) => ({
        id: newId("bpa"),
        blankId: id,
        sortOrder: i,
        requiredDpi: a.requiredDpi ?? 300,
        ...a,
      })),
    );
    await db.insert(blankColors).values(
      input.colors.map((c, i) => ({
        blankId: id,
        name: c.name,
        hex: c.hex,
        templates: c.templates,
        sortOrder: i,
      })),
    );
    await db.insert(blankVariants).values(
      input.variants.map((v, i) => ({
        id: newId("bvr"),
        blankId: id,
        sortOrder: i,
        ...v,
      })),
    );
    if (input.warehouseIds.length)
      await db.insert(blankWarehouses).values(input.warehouseIds.map((w) => ({ blankId: id, warehouseId: w })));
    return row!;
  });
}
