import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** A signed-in shopper's cart line (a visitor's are in `visitor_cart_items`). */
export const cartItems = pgTable(
  "cart_items",
  {
    userId: text().notNull(),
    variantId: text().notNull(),
    productId: text().notNull(),
    quantity: integer().notNull(),
    /** The unit price when the line was last added (minor units; null for older lines): checkout says when it changed. */
    addedPriceMinor: integer(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variantId] })],
);

/**
 * A visitor's cart, named by a random id in a signed httpOnly cookie. Created on the first add;
 * expires `VISITOR_CART_TTL_DAYS` after its last change; merged into the account on sign-in.
 * `fromUserId` is set when the cart was kept at sign-out (a copy of that account's cart).
 */
export const visitorCarts = pgTable(
  "visitor_carts",
  {
    id: text().primaryKey(), // vcart_
    fromUserId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("visitor_carts_updated_idx").on(t.updatedAt)],
);

/** A line of a visitor's cart. `baseQuantity`: what the account had at sign-out (not merged back twice). */
export const visitorCartItems = pgTable(
  "visitor_cart_items",
  {
    cartId: text()
      .notNull()
      .references(() => visitorCarts.id, { onDelete: "cascade" }),
    variantId: text().notNull(),
    productId: text().notNull(),
    quantity: integer().notNull(),
    baseQuantity: integer().notNull().default(0),
    /** As `cart_items.added_price_minor`. */
    addedPriceMinor: integer(),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.variantId] })],
);

/** A signed-in shopper's wish (visitors keep theirs in `userData.wishes`). */
export const wishes = pgTable(
  "wishes",
  {
    userId: text().notNull(),
    productId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("wishes_product_idx").on(t.productId, t.createdAt)],
);

/** Product page views, for trending and per-shopper picks. `viewerKey` is `u:<user id>` or `v:<signed visitor id>`. */
export const productViews = pgTable(
  "product_views",
  {
    productId: text().notNull(),
    viewerKey: text().notNull(),
    userId: text(),
    day: text().notNull(),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Keyed hash of the client address (never the address): views per address are capped. */
    clientKey: text(),
  },
  (t) => [
    uniqueIndex("product_views_product_viewer_day_key").on(t.productId, t.viewerKey, t.day),
    index("product_views_viewed_idx").on(t.viewedAt),
    index("product_views_user_idx").on(t.userId, t.viewedAt),
    index("product_views_client_idx").on(t.clientKey, t.viewedAt),
  ],
);

/** `/product-request`: a shopper describes a product they wish existed. */
export const productRequests = pgTable(
  "product_requests",
  {
    id: text().primaryKey(), // preq_
    userId: text().notNull(),
    idea: text().notNull(),
    category: text().notNull(),
    referenceImageKey: text(),
    budgetMinor: integer(),
    /** ISO 4217 currency of budgetMinor (migration 0008). */
    budgetCurrency: text()
      .notNull()
      .default(sql`platform_currency()`),
    status: text().$type<"open" | "answered" | "closed">().notNull().default("open"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_requests_status_idx").on(t.status, t.createdAt), index("product_requests_user_idx").on(t.userId)],
);

export const productRequestAnswers = pgTable(
  "product_request_answers",
  {
    id: text().primaryKey(), // pra_
    requestId: text()
      .notNull()
      .references(() => productRequests.id, { onDelete: "cascade" }),
    storeId: text().notNull(),
    productId: text().notNull(),
    message: text().notNull().default(""),
    answeredBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_request_answers_request_idx").on(t.requestId),
    uniqueIndex("product_request_answers_request_product_key").on(t.requestId, t.productId),
  ],
);
