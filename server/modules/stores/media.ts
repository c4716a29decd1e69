import { desc, isNotNull } from "drizzle-orm";
import type { Db } from "../../infra/db/index.ts";
import { stores } from "./schema.ts";

/** Storage keys of the newest store avatars and banners (the boot check for a bucket without images). */
export async function sampleStoreImageKeys(db: Db, perKind: number): Promise<string[]> {
  const [avatars, banners] = await Promise.all([
    db.select({ key: stores.avatarKey }).from(stores).where(isNotNull(stores.avatarKey)).orderBy(desc(stores.createdAt)).limit(perKind),
    db.select({ key: stores.bannerKey }).from(stores).where(isNotNull(stores.bannerKey)).orderBy(desc(stores.createdAt)).limit(perKind),
  ]);
  return [...avatars.map((s) => s.key!), ...banners.map((s) => s.key!)];
}
