import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { manualClock } from "../../contracts/clock.ts";
import {
  artworkFlags,
  artworks,
  blanks,
  emailMessages,
  printFiles,
  productEvents,
  productMockups,
  products,
  searchDocuments,
  users,
} from "../../schema.ts";
import { LocalStorage, setStorage, storage } from "../../infra/storage/index.ts";
import { AppError, IllegalTransitionError, system, type Actor, type Ctx } from "../../kernel/index.ts";
import { seedDemoAccounts } from "../../seed/demo-accounts.ts";
import { seedDemoBlanks, seedDemoProducts } from "../../seed/catalog.ts";
import {
  bulkSetPublished,
  changeProductStatus,
  listArtworkFlags,
  getProductPage,
  productTransitions,
  publishProduct,
  renderDesignerPreview,
  resolveArtworkFlag,
  restoreProduct,
  saveProduct,
  takeDownProduct,
  unpublishProduct,
  uploadArtwork,
} from "./index.ts";
import { getBlankDetail, listBlanks, setBlankStatus } from "../fulfillment/index.ts";
import { getStoreByHandle } from "../stores/index.ts";
import { makeStore, makeUser, type UserActor } from "../../../tests/support/factories.ts";
import { PRODUCT_STATUSES, type ProductStatus } from "./types.ts";

const t = useTestDatabase();
let dir: string;
const ids: Record<string, string> = {};
const asUser = (email: string, roles: Actor extends { roles: infer R } ? R : never = ["partner"] as never): Ctx =>
  t.ctx({ kind: "user", userId: ids[email]!, roles });
const sys = (): Ctx => t.ctx(system("test"));

/** The user with this e-mail: a demo account (seeded), or one made through identity.createUser. */
async function user(email: string): Promise<UserActor> {
  const [u] = await t.db.select({ id: users.id, roles: users.roles }).from(users).where(eq(users.emailNormalized, email)).limit(1);
  if (u) return { kind: "user", userId: u.id, roles: u.roles as UserActor["roles"] };
  return makeUser(t.db, { email });
}

/** The store with this handle, applied for by its owner and approved (stores module), as the seed expects it. */
async function store(handle: string, ownerEmail: string) {
  const owner = await user(ownerEmail);
  ids[ownerEmail] = owner.userId;
  const found = await getStoreByHandle(t.ctx(system("test")), handle);
  if (found) return found.id;
  return (await makeStore(t.db, { handle, owner })).store.id;
}

let seedMs = 0;
let blanksMs = 0;
beforeAll(async () => {
  // The demo's templates and mockups live under content-hash keys: a storage directory shared with
  // the seed test (and kept between the PGlite and PostgreSQL runs) renders each of them once.
  dir = path.resolve("tmp/test-seed-files");
  setStorage(new LocalStorage(dir));
  await seedDemoAccounts(t.db);
  const b0 = Date.now();
  await seedDemoBlanks(t.db);
  blanksMs = Date.now() - b0;
  for (const [h, e] of [
    ["inkwell", "partner@demo.platen.test"],
    ["print-works-studio", "fulfiller@demo.platen.test"],
    ["mara-okafor", "mara@demo.platen.test"],
    ["kenji-draws", "kenji@demo.platen.test"],
    ["lumen-co", "lumen@demo.platen.test"],
    ["fernwood", "fernwood@demo.platen.test"],
  ] as const)
    ids[h] = await store(h, e);
  ids["admin"] = (await user("admin@demo.platen.test")).userId;
  const started = Date.now();
  await seedDemoProducts(t.db);
  seedMs = Date.now() - started;
}, 240_000);

afterAll(() => {
  setStorage(undefined);
});

const admin = (): Ctx => t.ctx({ kind: "user", userId: ids.admin!, roles: ["admin"] });
const inkwell = () => asUser("partner@demo.platen.test");
const other = () => asUser("fulfiller@demo.platen.test");

/** A distinctive test picture (random colour blocks, deterministic by seed) of size x size pixels. */
async function lowResPng(seed = 1, size = 600): Promise<Buffer> {
  let x = seed * 2654435761;
  const rnd = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 255;
  const cells = Buffer.alloc(8 * 8 * 4);
  for (let i = 0; i < cells.length; i += 4) [cells[i], cells[i + 1], cells[i + 2], cells[i + 3]] = [rnd(), rnd(), rnd(), 255];
  return sharp(cells, { raw: { width: 8, height: 8, channels: 4 } })
    .resize(size, size, { kernel: "nearest" })
    .png()
    .toBuffer();
}

async function draft(ctx: Ctx, storeId: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
  const blank = (await listBlanks(ctx)).find((b) => b.name === "Classic tee")!;
  const art = await uploadArtwork(ctx, storeId, { name: "art.png", bytes });
  const out = await saveProduct(ctx, storeId, {
    blankId: blank.id,
    artworkId: art.artworkId,
    title: "Test tee",
    category: "t-shirts",
    priceMinor: 2500,
    colors: ["White", "Black"],
    sizes: ["S", "M"],
    placements: { front: { x: 0.5, y: 0.45, scale: 0.5, rotation: 0 } },
    ...extra,
  });
  return { ...out, art, blank };
}

describe("demo catalogue", () => {
  it("seeds >= 12 blanks over all categories and >= 84 published products with mockups", async () => {
    const bl = await t.db.select().from(blanks);
    expect(bl.length).toBeGreaterThanOrEqual(12);
    expect(new Set(bl.map((b) => b.category)).size).toBe(7);
    const [pub] = await t.db.select({ n: count() }).from(products).where(eq(products.status, "published"));
    expect(pub!.n).toBeGreaterThanOrEqual(84);
    const [docs] = await t.db.select({ n: count() }).from(searchDocuments);
    expect(docs!.n).toBe(pub!.n);
    const [m] = await t.db.select().from(productMockups).limit(1);
    expect(await storage().exists(`mockups/${m!.hash}-320.webp`)).toBe(true);
    console.info(`seedDemoBlanks took ${blanksMs} ms, seedDemoProducts took ${seedMs} ms`);
    expect(await seedDemoProducts(t.db)).toBe(0); // idempotent
    expect(await seedDemoBlanks(t.db)).toBe(0);
  });
});

describe("product transitions", () => {
  it("allows exactly the issue's moves and refuses every other", () => {
    const allowed: Record<ProductStatus, ProductStatus[]> = {
      draft: ["published", "in_review", "taken_down"],
      in_review: ["published", "draft", "taken_down"],
      published: ["unpublished", "taken_down"],
      unpublished: ["published", "taken_down"],
      taken_down: ["unpublished"],
    };
    for (const from of PRODUCT_STATUSES)
      for (const to of PRODUCT_STATUSES) {
        if (allowed[from].includes(to)) expect(() => productTransitions.assert(from, to)).not.toThrow();
        else expect(() => productTransitions.assert(from, to), `${from} -> ${to}`).toThrow(IllegalTransitionError);
      }
  });

  it("refuses illegal moves through the service and writes an event for legal ones", async () => {
    const { product } = await draft(inkwell(), ids.inkwell!, await lowResPng(11, 2400));
    await expect(unpublishProduct(inkwell(), product.id)).rejects.toMatchObject({ status: 409 });
    await expect(changeProductStatus(inkwell(), product.id, "taken_down", "nope")).rejects.toMatchObject({ status: 403 });
    expect((await publishProduct(inkwell(), product.id)).status).toBe("published");
    await expect(changeProductStatus(inkwell(), product.id, "draft")).rejects.toBeInstanceOf(IllegalTransitionError);
    await unpublishProduct(inkwell(), product.id);
    const events = await t.db.select().from(productEvents).where(eq(productEvents.productId, product.id));
    expect(events.map((e) => `${e.fromStatus}->${e.toStatus}`)).toEqual(
      expect.arrayContaining(["->draft", "draft->published", "published->unpublished"]),
    );
  });
});

describe("saving and publishing", () => {
  it("an artwork named with CR, LF and NUL is kept under a one-line name, no 500 and no file without its row", async () => {
    const up = await uploadArtwork(inkwell(), ids["inkwell"]!, { name: "evil\r\nname\u0000.png", bytes: await lowResPng(41) });
    const [row] = await t.db.select({ fileName: artworks.fileName }).from(artworks).where(eq(artworks.id, up.artworkId));
    expect(row!.fileName).toBe("evil name .png");
    const none = await uploadArtwork(inkwell(), ids["inkwell"]!, { name: "\u0000\r\n", bytes: await lowResPng(42) });
    expect((await t.db.select({ fileName: artworks.fileName }).from(artworks).where(eq(artworks.id, none.artworkId)))[0]!.fileName).toBe(
      "artwork.png",
    );
  });

  it("saving and publishing are stamped with the context's clock", async () => {
    const clock = manualClock("2030-03-01T10:00:00Z");
    const ctx: Ctx = { ...inkwell(), clock };
    const { product } = await draft(ctx, ids.inkwell!, await lowResPng(14, 2400));
    expect(product.updatedAt.toISOString()).toBe("2030-03-01T10:00:00.000Z");
    clock.advance(86_400_000);
    const published = await publishProduct(ctx, product.id);
    expect(published.status).toBe("published");
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.publishedAt?.toISOString()).toBe("2030-03-02T10:00:00.000Z");
    expect(row!.updatedAt.toISOString()).toBe("2030-03-02T10:00:00.000Z");
    const [doc] = await t.db.select().from(searchDocuments).where(eq(searchDocuments.productId, product.id));
    expect(doc!.publishedAt.toISOString()).toBe("2030-03-02T10:00:00.000Z");
  });

  it("stores mockups per colour and the print file; preflight warns at low resolution", async () => {
    const out = await draft(inkwell(), ids.inkwell!, await lowResPng(12, 400), {
      placements: { front: { x: 0.5, y: 0.5, scale: 0.9, rotation: 0 } },
    });
    expect(out.preflight.some((i) => i.code === "dpi-too-low" || i.code === "low-dpi")).toBe(true);
    expect(out.product.currency).toBe("USD"); // the platform currency, stored with the price
    const mocks = await t.db.select().from(productMockups).where(eq(productMockups.productId, out.product.id));
    expect(mocks.map((m) => m.color).sort()).toEqual(["Black", "White"]);
    const [pf] = await t.db.select().from(printFiles).where(eq(printFiles.productId, out.product.id));
    // Named by the artwork, placement and area: an order keeps its file after the product is edited.
    expect(pf!.storageKey).toMatch(new RegExp(`^print-files/${out.product.id}/front-[0-9a-f]{16}\\.png$`));
    const meta = await sharp((await storage().get(pf!.storageKey))!.body).metadata();
    expect(meta.width).toBe(12 * 300);
    // 400 px over 10.8 in is ~37 DPI: publishing is refused
    await expect(publishProduct(inkwell(), out.product.id)).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/DPI/) });
  });

  it("refuses a price below the minimum retail price next to the price field", async () => {
    const e = await draft(inkwell(), ids.inkwell!, await lowResPng(13, 2400), { priceMinor: 900 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).field).toBe("priceMinor");
    expect((e as AppError).message).toMatch(/at least \$11\.\d\d/);
  });

  it("another store's owner cannot save into @inkwell, nor preview with its artwork", async () => {
    await expect(draft(other(), ids.inkwell!, await lowResPng(14, 1200))).rejects.toMatchObject({ status: 403 });
    const { art, blank } = await draft(inkwell(), ids.inkwell!, await lowResPng(15, 1200));
    await expect(
      renderDesignerPreview(other(), ids.inkwell!, {
        artworkId: art.artworkId,
        blankId: blank.id,
        color: "White",
        areaKey: "front",
        placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
      }),
    ).rejects.toMatchObject({ status: 403 });
    const webp = await renderDesignerPreview(inkwell(), ids.inkwell!, {
      artworkId: art.artworkId,
      blankId: blank.id,
      color: "White",
      areaKey: "front",
      placement: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 },
    });
    expect((await sharp(webp).metadata()).format).toBe("webp");
  });

  it("editing a published product keeps it live and updates its search document", async () => {
    const first = await draft(inkwell(), ids.inkwell!, await lowResPng(18, 2400));
    await publishProduct(inkwell(), first.product.id);
    await saveProduct(
      inkwell(),
      ids.inkwell!,
      {
        blankId: first.blank.id,
        artworkId: first.art.artworkId,
        title: "Renamed kite tee",
        category: "t-shirts",
        priceMinor: 2700,
        colors: ["Navy"],
        sizes: ["L"],
        placements: { front: { x: 0.5, y: 0.4, scale: 0.6, rotation: 10 } },
      },
      { productId: first.product.id },
    );
    const [p] = await t.db.select().from(products).where(eq(products.id, first.product.id));
    expect(p!.status).toBe("published");
    const [doc] = await t.db.select().from(searchDocuments).where(eq(searchDocuments.productId, first.product.id));
    expect(doc!.title).toBe("Renamed kite tee");
    expect(doc!.priceMinor).toBe(2700);
    const mocks = await t.db.select().from(productMockups).where(eq(productMockups.productId, first.product.id));
    expect(mocks.map((m) => m.color)).toEqual(["Navy"]);
    // another store's owner cannot edit it: not through @inkwell (403), nor by passing its id to their own store (404)
    await expect(
      saveProduct(
        other(),
        ids.inkwell!,
        {
          blankId: first.blank.id,
          artworkId: first.art.artworkId,
          title: "Stolen",
          category: "t-shirts",
          priceMinor: 2700,
          colors: ["Navy"],
          sizes: ["L"],
          placements: { front: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 } },
        },
        { productId: first.product.id },
      ),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      saveProduct(
        other(),
        ids["print-works-studio"]!,
        {
          blankId: first.blank.id,
          artworkId: first.art.artworkId,
          title: "Stolen",
          category: "t-shirts",
          priceMinor: 2700,
          colors: ["Navy"],
          sizes: ["L"],
          placements: { front: { x: 0.5, y: 0.5, scale: 0.5, rotation: 0 } },
        },
        { productId: first.product.id },
      ),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("bulk publish reports each product", async () => {
    const a = await draft(inkwell(), ids.inkwell!, await lowResPng(16, 2400));
    const b = await draft(inkwell(), ids.inkwell!, await lowResPng(17, 300));
    const out = await bulkSetPublished(inkwell(), ids.inkwell!, [a.product.id, b.product.id], "publish");
    expect(out.done.map((d) => d.id)).toEqual([a.product.id]);
    expect(out.refused[0]!.id).toBe(b.product.id);
  });
});

describe("art-theft guard and moderation", () => {
  it("the same artwork from a second store is held for review; admin clears or confirms", async () => {
    const bytes = await lowResPng(21, 2400);
    const first = await draft(inkwell(), ids.inkwell!, bytes);
    await publishProduct(inkwell(), first.product.id);
    const reencoded = await sharp(bytes).resize(2000).jpeg({ quality: 90 }).toBuffer();
    const second = await draft(other(), ids["print-works-studio"]!, reencoded);
    expect(second.art.flagged).toBeTruthy();
    const outcome = await publishProduct(other(), second.product.id);
    expect(outcome.status).toBe("in_review");
    const flags = await t.db.select().from(artworkFlags).where(eq(artworkFlags.productId, second.product.id));
    expect(flags).toHaveLength(1);
    expect(flags[0]!.matchedProductId).toBe(first.product.id);
    const [doc] = await t.db.select().from(searchDocuments).where(eq(searchDocuments.productId, second.product.id));
    expect(doc).toBeUndefined();

    const queue = await listArtworkFlags(admin());
    expect(queue.some((f) => f.id === flags[0]!.id)).toBe(true);
    await expect(resolveArtworkFlag(inkwell(), flags[0]!.id, "clear")).rejects.toMatchObject({ status: 403 });
    await resolveArtworkFlag(admin(), flags[0]!.id, "confirm", "Copied from @inkwell.");
    const [p] = await t.db.select().from(products).where(eq(products.id, second.product.id));
    expect(p!.status).toBe("taken_down");
    const mails = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "fulfiller@demo.platen.test"));
    expect(mails.length).toBeGreaterThan(0);

    // a third copy, cleared by the admin, goes live
    const third = await draft(other(), ids["print-works-studio"]!, bytes);
    expect((await publishProduct(other(), third.product.id)).status).toBe("in_review");
    const [flag3] = await t.db
      .select()
      .from(artworkFlags)
      .where(and(eq(artworkFlags.productId, third.product.id), eq(artworkFlags.status, "open")));
    await resolveArtworkFlag(admin(), flag3!.id, "clear");
    const [p3] = await t.db.select().from(products).where(eq(products.id, third.product.id));
    expect(p3!.status).toBe("published");
  });

  it("takedown removes a product from search and tells the partner; restore brings it back unpublished", async () => {
    const { product } = await draft(inkwell(), ids.inkwell!, await lowResPng(31, 2400));
    await publishProduct(inkwell(), product.id);
    expect(await t.db.select().from(searchDocuments).where(eq(searchDocuments.productId, product.id))).toHaveLength(1);
    await expect(takeDownProduct(inkwell(), product.id, "Not allowed")).rejects.toMatchObject({ status: 403 });
    await expect(takeDownProduct(admin(), product.id, "")).rejects.toMatchObject({ field: "reason" });
    await takeDownProduct(admin(), product.id, "Contains a trademarked logo.");
    expect(await t.db.select().from(searchDocuments).where(eq(searchDocuments.productId, product.id))).toHaveLength(0);
    await expect(publishProduct(inkwell(), product.id)).rejects.toMatchObject({ status: 409 });
    await restoreProduct(admin(), product.id);
    const [p] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(p!.status).toBe("unpublished");
    expect((await publishProduct(inkwell(), product.id)).status).toBe("published");
  });

  it("a retired blank takes no new product; its products stay on sale and can still be edited", async () => {
    const made = await draft(inkwell(), ids.inkwell!, await lowResPng(41, 1400));
    const productId = made.product.id;
    const [onSale] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.blankId, made.blank.id), eq(products.status, "published")))
      .limit(1);
    await setBlankStatus(sys(), made.blank.id, "retired", "test");
    try {
      const input = {
        blankId: made.blank.id,
        artworkId: made.art.artworkId,
        title: "Another tee",
        category: "t-shirts",
        priceMinor: 2500,
        colors: ["White"],
        sizes: ["S"],
        placements: { front: { x: 0.5, y: 0.45, scale: 0.5, rotation: 0 } },
      };
      await expect(saveProduct(inkwell(), ids.inkwell!, input)).rejects.toMatchObject({
        status: 422,
        field: "blankId",
        message: "Choose one of the listed blank products.",
      });
      const edited = await saveProduct(inkwell(), ids.inkwell!, { ...input, title: "Test tee, renamed" }, { productId });
      expect(edited.product.title).toBe("Test tee, renamed");
      const page = await getProductPage(t.ctx({ kind: "anonymous" }), onSale!.id);
      expect(page.blank.id).toBe(made.blank.id);
      expect(page.variants.length).toBeGreaterThan(0);
    } finally {
      await setBlankStatus(sys(), made.blank.id, "active");
    }
  });

  it("blank detail has templates for every colour and area", async () => {
    const blank = (await listBlanks(sys())).find((b) => b.name === "Classic tee")!;
    const d = await getBlankDetail(sys(), blank.id);
    for (const c of d.colors) for (const a of d.areas) expect(await storage().exists(c.templates[a.key]!.key)).toBe(true);
  });
});
