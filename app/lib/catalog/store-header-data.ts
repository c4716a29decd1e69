// What a store's header shows (the store front and the partner pages): loaded on the server,
// drawn by app/components/catalog/StoreHeader.tsx.
export interface StoreHeaderData {
  handle: string;
  name: string;
  bio: string;
  avatarKey: string | null;
  bannerKey: string | null;
  accentColor: string;
  links: { label: string; url: string }[];
  fanCount: number;
  /** The viewer may open the store's administration. */
  canManage: boolean;
  suspended: boolean;
}
