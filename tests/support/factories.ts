// Test data made through the modules' public APIs (their index.ts), never by writing another
// module's rows: when a module changes its tables, the fixtures follow, and a test cannot start
// from a state the module could never produce.
import sharp from "sharp";
import type { Db } from "../../server/infra/db/index.ts";
import { createCtx, systemCtx, type Actor, type Ctx } from "../../server/kernel/index.ts";
import {
  createBlank,
  createFulfiller,
  createWarehouse,
  getBlankDetail,
  type BlankInput,
  type BlankRow,
  type FulfillerRow,
  type WarehouseRow,
} from "../../server/modules/fulfillment/index.ts";
import { createUser, type Role } from "../../server/modules/identity/index.ts";
import {
  getProductPage,
  saveProduct,
  uploadArtwork,
  type ProductInput,
  type PublishOutcome,
  type SaveOutcome,
} from "../../server/modules/catalog/index.ts";
import { approveApplication, submitApplication, type StoreRow } from "../../server/modules/stores/index.ts";

export type UserActor = Actor & { kind: "user" };

let seq = 0;
/** A short suffix unique within the test process, for e-mail addresses and handles. */
export const uniq = (): string => `${process.pid.toString(36)}${(++seq).toString(36)}`;

const fixtureCtx = (db: Db): Ctx => systemCtx(db, "test fixture");

/** A user with `roles` (identity.createUser), and the actor to act as them. E-mail verified. */
export async function makeUser(
  db: Db,
  opts: { email?: string; displayName?: string; roles?: Role[] } = {},
): Promise<UserActor & { email: string }> {
  const email = opts.email ?? `user-${uniq()}@factory.test`;
  const user = await createUser(fixtureCtx(db), {
    email,
    displayName: opts.displayName ?? email.split("@")[0]!,
    roles: opts.roles ?? ["shopper"],
  });
  return { kind: "user", userId: user.id, roles: user.roles as Role[], email: user.email };
}

/**
 * A store owned by a partner, through the real flow: the owner applies (stores.submitApplication)
 * and an admin approves (stores.approveApplication, which also grants the owner "partner").
 * Pass `owner` to reuse a user; otherwise one is made. Returns the owner as a partner actor.
 */
export async function makeStore(
  db: Db,
  opts: { handle?: string; name?: string; owner?: UserActor; bio?: string } = {},
): Promise<{ store: StoreRow; owner: UserActor }> {
  const applicant = opts.owner ?? (await makeUser(db));
  const handle = opts.handle ?? `store-${uniq()}`;
  const application = await submitApplication(createCtx(db, applicant), {
    storeName: opts.name ?? handle,
    handle,
    bio: opts.bio ?? "A store made by the test fixtures, for tests only.",
    links: "",
    acceptTerms: "on",
  });
  const store = await approveApplication(fixtureCtx(db), application.id);
  const roles: Role[] = applicant.roles.includes("partner") ? [...applicant.roles] : [...applicant.roles, "partner"];
  return { store, owner: { ...applicant, roles } };
}

/**
 * A fulfiller (fulfillment.createFulfiller, as the system does for an approved application) run by
 * a user with the "fulfiller" role, one warehouse, and an active tee blank with two colours
 * (White, Navy), sizes S and M, three variants and a "front" print area (fulfillment.createBlank).
 */
export async function makeFulfillerWithBlank(
  db: Db,
  opts: { owner?: UserActor; handle?: string; blank?: Partial<BlankInput> } = {},
): Promise<{ owner: UserActor; fulfiller: FulfillerRow; warehouse: WarehouseRow; blank: BlankRow }> {
  const owner = opts.owner ?? (await makeUser(db, { roles: ["fulfiller", "shopper"] }));
  const handle = opts.handle ?? `print-${uniq()}`;
  const fulfiller = await createFulfiller(fixtureCtx(db), { handle, name: `Print shop ${handle}`, ownerUserId: owner.userId });
  const ownerCtx = createCtx(db, owner);
  const warehouse = await createWarehouse(ownerCtx, {
    fulfillerId: fulfiller.id,
    name: "Main",
    country: "US",
    region: "OR",
    city: "Portland",
  });
  const tag = uniq().toUpperCase();
  const rect = { x: 100, y: 100, w: 400, h: 500 };
  const blank = await createBlank(ownerCtx, {
    fulfillerId: fulfiller.id,
    name: "Factory tee",
    category: "t-shirts",
    description: "A soft tee.",
    productionDays: 2,
    areas: [{ key: "front", label: "Front", widthIn: 12, heightIn: 16, templateWidth: 1200, templateHeight: 1200, templateRect: rect }],
    colors: [
      { name: "White", hex: "#ffffff", templates: { front: { key: "templates/t/front-white.png" } } },
      { name: "Navy", hex: "#1f2a44", templates: { front: { key: "templates/t/front-navy.png" } } },
    ],
    variants: [
      { color: "White", size: "S", sku: `F-${tag}-W-S`, baseCostMinor: 900, weightGrams: 150 },
      { color: "White", size: "M", sku: `F-${tag}-W-M`, baseCostMinor: 950, weightGrams: 160 },
      { color: "Navy", size: "S", sku: `F-${tag}-N-S`, baseCostMinor: 1000, weightGrams: 150 },
    ],
    warehouseIds: [warehouse.id],
    ...opts.blank,
  });
  return { owner, fulfiller, warehouse, blank };
}

/**
 * A print shop's tee in Black and White with `sizes` sizes each (S0, S1, ...; a product offers at
 * most 30), for tests that need many variants: `variantIdsOf` lists a product's in that order.
 */
export async function makeWideBlank(db: Db, sizes = 30): Promise<{ blank: BlankRow; colors: string[]; sizes: string[] }> {
  const names = Array.from({ length: sizes }, (_, i) => `S${i}`);
  const colors = ["Black", "White"];
  const tag = uniq().toUpperCase();
  const { blank } = await makeFulfillerWithBlank(db, {
    blank: {
      colors: [
        { name: "Black", hex: "#111111", templates: { front: { key: "templates/t/front-black.png" } } },
        { name: "White", hex: "#ffffff", templates: { front: { key: "templates/t/front-white.png" } } },
      ],
      variants: colors.flatMap((color) =>
        names.map((size, i) => ({ color, size, sku: `W-${tag}-${color[0]}-${i}`, baseCostMinor: 900, weightGrams: 150 })),
      ),
    },
  });
  return { blank, colors, sizes: names };
}

/** A product's variant ids, colour by colour and size by size in the given order (catalog.getProductPage). */
export async function variantIdsOf(db: Db, productId: string, colors: readonly string[], sizes: readonly string[]): Promise<string[]> {
  const page = await getProductPage(systemCtx(db, "test fixture"), productId);
  return colors.flatMap((color) => sizes.map((size) => page.variants.find((v) => v.color === color && v.size === size)!.id));
}

/** A plain PNG of `width` x `height` in `hex` (blank templates and test artwork). */
export async function solidPng(hex: string, width = 600, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: hex } })
    .png()
    .toBuffer();
}

/** Artwork with some structure (random colour blocks, deterministic by `seed`), so its perceptual hash is its own. */
export async function patternPng(seed: number, size = 1200): Promise<Buffer> {
  let x = seed * 2654435761;
  const rnd = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 255;
  const cells = Buffer.alloc(8 * 8 * 4);
  for (let i = 0; i < cells.length; i += 4) [cells[i], cells[i + 1], cells[i + 2], cells[i + 3]] = [rnd(), rnd(), rnd(), 255];
  return sharp(cells, { raw: { width: 8, height: 8, channels: 4 } })
    .resize(size, size, { kernel: "nearest" })
    .png()
    .toBuffer();
}

let artSeed = 0;

/**
 * A product of a store, made as a partner makes one: the artwork is uploaded
 * (catalog.uploadArtwork), the designer's form is saved (catalog.saveProduct, which renders the
 * mockups) and, unless `publish: false`, published. The blank's colour templates are written to the
 * configured storage first, as a fulfiller's upload would have. Defaults: a fresh store, a fresh
 * fulfiller's tee (makeFulfillerWithBlank), every colour and size of the blank, price 2,500 minor
 * units, category "t-shirts". `input` overrides any field of the designer's input.
 */
export async function makeProduct(
  db: Db,
  opts: {
    store?: { store: StoreRow; owner: UserActor };
    blank?: BlankRow;
    input?: Partial<ProductInput>;
    publish?: boolean;
    /** Render mockups for the first N chosen colours only (the rest have none, as after a partial render). */
    mockupColors?: number;
    /** An artwork of the store already uploaded (makeProducts shares one: its mockups render once). */
    artworkId?: string;
    /** Print files: none (default, fast), drawn now (true), or named now and drawn on first download ("deferred"). */
    printFiles?: boolean | "deferred";
  } = {},
): Promise<{ product: SaveOutcome["product"]; store: StoreRow; owner: UserActor; blank: BlankRow; publish?: PublishOutcome }> {
  const { store, owner } = opts.store ?? (await makeStore(db));
  const blank = opts.blank ?? (await makeFulfillerWithBlank(db)).blank;
  const ctx = fixtureCtx(db);
  const detail = await getBlankDetail(ctx, blank.id);
  const colors = detail.colors;
  for (const c of colors)
    for (const t of Object.values(c.templates))
      if (t?.key && !(await ctx.ports.storage.exists(t.key)))
        await ctx.ports.storage.put(t.key, await solidPng(c.hex, 1200, 1200), { contentType: "image/png" });
  const ownerCtx = createCtx(db, owner);
  const artworkId =
    opts.artworkId ??
    (await uploadArtwork(ownerCtx, store.id, { name: "art.png", bytes: await patternPng(++artSeed + process.pid) })).artworkId;
  const sizes = [...new Set(detail.variants.map((v) => v.size))];
  const firstArea = detail.areas[0]?.key ?? "front";
  const input: ProductInput = {
    blankId: blank.id,
    artworkId,
    title: `Factory product ${uniq()}`,
    description: "A product made by the test fixtures.",
    tags: [],
    category: blank.category,
    priceMinor: 2500,
    colors: colors.map((c) => c.name),
    sizes,
    placements: { [firstArea]: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 } },
    variantPrices: {},
    ...opts.input,
  };
  const out = await saveProduct(ownerCtx, store.id, input, {
    publish: opts.publish ?? true,
    printFiles: opts.printFiles ?? false,
    mockupColors: opts.mockupColors,
  });
  return { product: out.product, store, owner, blank, publish: out.publish };
}

/**
 * `count` published products of one store on one blank, made as makeProduct makes one, sharing one
 * uploaded artwork and placement (so that their mockups render once, and dozens of products cost a
 * second, not a minute). `input(i)` overrides fields of the i-th product's designer input.
 */
export async function makeProducts(
  db: Db,
  count: number,
  opts: { store?: { store: StoreRow; owner: UserActor }; blank?: BlankRow; input?: (i: number) => Partial<ProductInput> } = {},
): Promise<{ products: SaveOutcome["product"][]; store: StoreRow; owner: UserActor; blank: BlankRow }> {
  const store = opts.store ?? (await makeStore(db));
  const blank = opts.blank ?? (await makeFulfillerWithBlank(db)).blank;
  const art = await uploadArtwork(createCtx(db, store.owner), store.store.id, {
    name: "art.png",
    bytes: await patternPng(++artSeed + process.pid),
  });
  const made: SaveOutcome["product"][] = [];
  for (let i = 0; i < count; i++)
    made.push((await makeProduct(db, { store, blank, artworkId: art.artworkId, input: opts.input?.(i) })).product);
  return { products: made, store: store.store, owner: store.owner, blank };
}
