import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PartnerApplicationStatus, StoreLink, StoreMemberStatus, StorePermission, StoreStatus } from "./types.ts";

/** An application to become a partner (`/shop/partners/register`), decided in `/admin/partners/applicants`. */
export const partnerApplications = pgTable(
  "partner_applications",
  {
    id: text().primaryKey(), // papp_
    userId: text().notNull(),
    storeName: text().notNull(),
    handle: text().notNull(),
    bio: text().notNull().default(""),
    links: jsonb().$type<StoreLink[]>().notNull().default([]),
    acceptedTermsAt: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<PartnerApplicationStatus>().notNull().default("pending"),
    decisionNote: text().notNull().default(""),
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
    storeId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("partner_applications_status_idx").on(t.status, t.createdAt),
    index("partner_applications_user_idx").on(t.userId),
    // one pending application per handle
    uniqueIndex("partner_applications_pending_handle_key")
      .on(t.handle)
      .where(sql`status = 'pending'`),
  ],
);

/** A partner's store: its handle is unique across stores and fulfillers. */
export const stores = pgTable(
  "stores",
  {
    id: text().primaryKey(), // sto_
    handle: text().notNull(),
    name: text().notNull(),
    ownerUserId: text().notNull(),
    bio: text().notNull().default(""),
    avatarKey: text(),
    bannerKey: text(),
    /** Theme colour of the shop front (hex). */
    accentColor: text().notNull().default("#7e57c2"),
    links: jsonb().$type<StoreLink[]>().notNull().default([]),
    status: text().$type<StoreStatus>().notNull().default("active"),
    suspendedReason: text().notNull().default(""),
    featured: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("stores_handle_key").on(t.handle), index("stores_owner_idx").on(t.ownerUserId)],
);

/** A team member ("worker") of a store: invited by e-mail, with permissions and a worker profile. */
export const storeMembers = pgTable(
  "store_members",
  {
    id: text().primaryKey(), // smb_
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: text(),
    email: text().notNull(),
    permissions: text()
      .array()
      .$type<StorePermission[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().$type<StoreMemberStatus>().notNull().default("invited"),
    inviteTokenHash: text(),
    workerTitle: text().notNull().default(""),
    workerBio: text().notNull().default(""),
    invitedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("store_members_store_idx").on(t.storeId),
    index("store_members_user_idx").on(t.userId),
    uniqueIndex("store_members_store_email_key").on(t.storeId, t.email),
  ],
);

/** Fan club membership: a shopper following a store. */
export const fanClubMembers = pgTable(
  "fan_club_members",
  {
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    userId: text().notNull(),
    /** E-mail on new products; cleared by the unsubscribe link. */
    emailOptIn: boolean().notNull().default(true),
    unsubscribeToken: text().notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.userId] }),
    index("fan_club_members_user_idx").on(t.userId),
    uniqueIndex("fan_club_members_unsub_key").on(t.unsubscribeToken),
  ],
);

export const fanClubPosts = pgTable(
  "fan_club_posts",
  {
    id: text().primaryKey(), // fcp_
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    authorUserId: text(),
    title: text().notNull(),
    body: text().notNull(),
    membersOnly: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("fan_club_posts_store_idx").on(t.storeId, t.createdAt)],
);

/** A members-only perk, e.g. a discount code shown only to fan club members. */
export const fanClubPerks = pgTable(
  "fan_club_perks",
  {
    id: text().primaryKey(), // prk_
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text().notNull().default(""),
    /** Stored upper-case; unique per store regardless of case. */
    code: text(),
    /** What the code takes off at checkout; null for a perk without a discount. */
    discountKind: text().$type<"percent" | "fixed">(),
    percentOff: integer(),
    amountOffMinor: integer(),
    currency: text(),
    expiresAt: timestamp({ withTimezone: true }),
    maxUses: integer(),
    usedCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fan_club_perks_store_idx").on(t.storeId),
    uniqueIndex("fan_club_perks_store_code_key")
      .on(t.storeId, sql`upper(${t.code})`)
      .where(sql`${t.code} is not null`),
    index("fan_club_perks_code_idx").on(sql`upper(${t.code})`),
    check("fan_club_perks_used_count_check", sql`${t.usedCount} >= 0`),
  ],
);

/** One use of a perk's code by an order; released when the unpaid order expires or is cancelled. */
export const fanClubPerkRedemptions = pgTable(
  "fan_club_perk_redemptions",
  {
    perkId: text()
      .notNull()
      .references(() => fanClubPerks.id, { onDelete: "cascade" }),
    orderId: text().notNull(),
    userId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the use was given back; null while the order holds it. */
    releasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.perkId, t.orderId] }), index("fan_club_perk_redemptions_order_idx").on(t.orderId)],
);
