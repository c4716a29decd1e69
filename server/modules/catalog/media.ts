import { desc } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { sampleStoreImageKeys } from "../stores/index.ts";
import { artworks, productMockups } from "./schema.ts";

/**
 * A few of the newest images the database refers to (mockups, artwork previews, store avatars and
 * banners), as storage keys: what the boot check looks for in an S3 bucket
 * (`checkMediaInBucket` in server/infra/storage).
 */
export async function sampleMediaKeys(db: Db, perKind = 2): Promise<string[]> {
  const [mockups, arts, storeImages] = await Promise.all([
    db.select({ hash: productMockups.hash }).from(productMockups).orderBy(desc(productMockups.id)).limit(perKind),
    db.select({ key: artworks.previewKey }).from(artworks).orderBy(desc(artworks.id)).limit(perKind),
    sampleStoreImageKeys(db, perKind),
  ]);
  const keys = [
    ...mockups.map((m) => `mockups/${m.hash}-320.webp`), // every mockup has its 320 px WebP (server/infra/images/mockup.ts)
    ...arts.map((a) => a.key),
    ...storeImages,
  ];
  return [...new Set(keys)];
}
