// Artwork uploads: checked by content, normalised, perceptually hashed (art-theft guard).
import { cleanFileName } from "../../contracts/text.ts";
import { and, eq, ne, sql } from "drizzle-orm";
import { newId, type Db } from "../../infra/db/index.ts";
import { artworks, products } from "./schema.ts";
import { normalizeArtwork, perceptualHash, PHASH_MATCH_DISTANCE } from "../../infra/images/index.ts";
import { actorUserId, notFound, type Ctx } from "../../kernel/index.ts";
import { assertStoreProducts } from "./access.ts";

export type ArtworkRow = typeof artworks.$inferSelect;

export interface ArtworkMatch {
  artworkId: string;
  productId: string;
  storeId: string;
  distance: number;
}

/** Hamming distance of two 64-bit hashes stored as signed bigint, in SQL (PostgreSQL 14+ and PGlite). */
const distanceSql = (phash: bigint) =>
  sql<number>`bit_count((${artworks.phash} # ${BigInt.asIntN(64, phash).toString()}::bigint)::bit(64))::int`;

/** A published product of ANOTHER store whose artwork looks the same (closest first), or null. */
export async function findArtworkMatch(db: Db, phash: bigint, storeId: string): Promise<ArtworkMatch | null> {
  const [row] = await db
    .select({ artworkId: artworks.id, productId: products.id, storeId: products.storeId, distance: distanceSql(phash) })
    .from(products)
    .innerJoin(artworks, eq(artworks.id, products.artworkId))
    .where(and(eq(products.status, "published"), ne(products.storeId, storeId), sql`${distanceSql(phash)} <= ${PHASH_MATCH_DISTANCE}`))
    .orderBy(distanceSql(phash))
    .limit(1);
  return row ?? null;
}

export const artworkPreviewUrl = (a: Pick<ArtworkRow, "previewKey">) => `/media/${a.previewKey}`;

export interface UploadedArtwork {
  artworkId: string;
  previewUrl: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  /** Set when the art matches one already published by another store: publishing will be held for review. */
  flagged?: { reason: string };
}

/** Upload artwork for a store (PNG, JPEG or WebP; SVG and other types refused by the image pipeline). */
export async function uploadArtwork(ctx: Ctx, storeId: string, file: { name: string; bytes: Buffer }): Promise<UploadedArtwork> {
  await assertStoreProducts(ctx, storeId);
  // A name with a line break or NUL (which the database refuses in text) is kept on one line.
  const fileName = cleanFileName(file.name, "artwork.png");
  const norm = await normalizeArtwork(file.bytes);
  const phash = BigInt.asIntN(64, await perceptualHash(norm.png));
  const id = newId("art");
  const storageKey = `artwork/${storeId.toLowerCase()}/${id}.png`;
  const previewKey = `artwork-previews/${id}.png`;
  // files first, then the row
  await ctx.ports.storage.put(storageKey, norm.png, { contentType: "image/png" });
  await ctx.ports.storage.put(previewKey, norm.preview, { contentType: "image/png" });
  await ctx.db.insert(artworks).values({
    id,
    storeId,
    uploadedBy: actorUserId(ctx.actor),
    fileName,
    storageKey,
    previewKey,
    mime: norm.mime,
    bytes: file.bytes.length,
    width: norm.width,
    height: norm.height,
    hasAlpha: norm.hasAlpha,
    sha256: norm.sha256,
    phash,
  });
  const match = await findArtworkMatch(ctx.db, phash, storeId);
  return {
    artworkId: id,
    previewUrl: `/media/${previewKey}`,
    width: norm.width,
    height: norm.height,
    hasAlpha: norm.hasAlpha,
    ...(match
      ? {
          flagged: {
            reason:
              "This artwork looks like one already published by another store. You can save a draft; publishing will be held for review by our team.",
          },
        }
      : {}),
  };
}

/** An artwork of this store (404 for another store's artwork). */
export async function getStoreArtwork(db: Db, storeId: string, artworkId: string): Promise<ArtworkRow> {
  const [row] = await db
    .select()
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), eq(artworks.storeId, storeId)))
    .limit(1);
  if (!row) throw notFound("The artwork");
  return row;
}

/** What the designer needs to know about one of the store's artworks (members of the store only). */
export async function getArtworkInfo(
  ctx: Ctx,
  storeId: string,
  artworkId: string,
): Promise<{ artworkId: string; previewUrl: string; width: number; height: number; hasAlpha: boolean; mime: string }> {
  await assertStoreProducts(ctx, storeId, { read: true });
  const a = await getStoreArtwork(ctx.db, storeId, artworkId);
  return { artworkId: a.id, previewUrl: `/media/${a.previewKey}`, width: a.width, height: a.height, hasAlpha: a.hasAlpha, mime: a.mime };
}
