// Loader of a store's public pages (/shop/stores/@{name}, /shop/partners/@{name}/products[/category]).
import type { StoreHeaderData } from "./store-header-data.ts";
import { loadGrid, type GridData } from "./grid.server.ts";
import { publicStoreOr404 } from "#app/lib/store-access.server.ts";
import { env } from "#server/config/env.ts";
import type { Category } from "#server/modules/catalog/types.ts";
import { countFanClubMembers } from "#server/modules/stores/index.ts";

export async function loadStorePage(
  request: Request,
  handleParam: string | undefined,
  category?: Category,
): Promise<{ store: StoreHeaderData; publicUrl: string } & GridData> {
  const { ctx, store, access, suspended } = await publicStoreOr404(request, handleParam);
  const [fanCount, grid] = await Promise.all([
    countFanClubMembers(ctx, store.id),
    loadGrid(ctx, request, { storeHandle: store.handle, ...(category ? { category } : {}) }),
  ]);
  return {
    store: {
      handle: store.handle,
      name: store.name,
      bio: store.bio,
      avatarKey: store.avatarKey,
      bannerKey: store.bannerKey,
      accentColor: store.accentColor,
      links: store.links,
      fanCount,
      canManage: access.role !== "none",
      suspended,
    },
    publicUrl: env().PUBLIC_URL,
    ...grid,
  };
}
