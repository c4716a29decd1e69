// The analytics views and their date range. Browser-safe (no server-only imports).

/** The longest range a page or CSV reads, in days (a leap year). */
export const ANALYTICS_MAX_DAYS = 366;
/** The range shown when none is given: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;

/** A range of days (the print shop's time zone, UTC for a store), both ends included (`YYYY-MM-DD`). */
export interface AnalyticsRange {
  from: string;
  to: string;
  days: number;
}

/** A print shop's day: what it shipped and how fast. */
export interface ShopDay {
  date: string;
  /** Units in the shipment groups shipped that day. */
  units: number;
  shipments: number;
  /** Of those, shipped by their due time. */
  onTime: number;
  /** Median hours from payment to shipping of that day's shipments (null: none shipped). */
  medianHours: number | null;
}

export type DefectRate =
  | { tracked: false }
  | {
      tracked: true;
      /** Cases opened in the range on the print shop's orders. */
      cases: number;
      /** Orders the print shop shipped in the range. */
      orders: number;
      /** Cases per 100 orders (null: no orders shipped). */
      per100: number | null;
    };

export interface ShopAnalytics {
  range: AnalyticsRange;
  /** The IANA time zone the range's days are in: the print shop's first warehouse's (UTC without one). */
  timeZone: string;
  currency: string;
  totals: {
    units: number;
    shipments: number;
    /** Orders with a shipment from this print shop in the range. */
    orders: number;
    onTime: number;
    /** Share (0..1) shipped by the due time; null when nothing shipped. */
    onTimeRate: number | null;
    medianHours: number | null;
    /** The shop's share booked in the range (base costs and shipping, less refunds), from the ledger. */
    earnedMinor: number;
  };
  defects: DefectRate;
  /** What Platen owes the print shop now, from the ledger. */
  owed: {
    /** Earned on shipments not delivered yet. */
    pendingMinor: number;
    /** Delivered, inside the hold period. */
    heldMinor: number;
    /** Past the hold period: ready to be paid out. */
    availableMinor: number;
    /** When the held amounts become available, soonest first. */
    schedule: { date: string; amountMinor: number }[];
  };
  daily: ShopDay[];
}

/** A store's day. */
export interface StoreDay {
  date: string;
  /** The store's share booked that day (sales less refunds), from the ledger. */
  revenueMinor: number;
  /** Orders paid that day with its products. */
  orders: number;
  units: number;
  /** Product page views (one per viewer, product and day). */
  views: number;
  /** orders ÷ views (null when no views). */
  conversion: number | null;
  /** Wishes made that day that shoppers still keep. */
  wishes: number;
  /** Fan-club members who joined that day and are still members. */
  joined: number;
  /** Fan-club members at the end of the day (of today's members). */
  members: number;
}

export interface StoreProductRow {
  productId: string;
  title: string;
  units: number;
  orders: number;
  revenueMinor: number;
  views: number;
  conversion: number | null;
}

export interface StoreAnalytics {
  range: AnalyticsRange;
  currency: string;
  totals: {
    revenueMinor: number;
    orders: number;
    units: number;
    views: number;
    conversion: number | null;
    wishes: number;
    /** Wishes of the store's products on shoppers' lists now. */
    wishesStanding: number;
    joined: number;
    /** Of today's members, those who had joined before the range. */
    membersAtStart: number;
    /** Fan-club members at the end of the range (of today's members). */
    membersAtEnd: number;
  };
  topProducts: StoreProductRow[];
  daily: StoreDay[];
}

/** The CSV downloads: one per chart. */
export const SHOP_SERIES = ["units", "on-time", "payouts"] as const;
export type ShopSeries = (typeof SHOP_SERIES)[number];
export const STORE_SERIES = ["revenue", "sales", "audience", "products"] as const;
export type StoreSeries = (typeof STORE_SERIES)[number];

export const isShopSeries = (s: string): s is ShopSeries => (SHOP_SERIES as readonly string[]).includes(s);
export const isStoreSeries = (s: string): s is StoreSeries => (STORE_SERIES as readonly string[]).includes(s);

/** "12.5%" style share for a 0..1 rate; "—" when there is none. */
export function formatRate(rate: number | null, digits = 1): string {
  return rate == null ? "—" : `${(rate * 100).toFixed(digits)}%`;
}
