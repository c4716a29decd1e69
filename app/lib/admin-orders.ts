// The admin order list's query string: one parse (loaders and the CSV export) and one builder
// (filter form, sortable headers, paging, the export link), so every link keeps the same filters.
// Browser-safe.
import {
  adminOrderFilterSchema,
  isOrderStatus,
  type AdminOrderFilter,
  type AdminOrderSort,
  type OrderStatus,
} from "#server/modules/orders/types.ts";

export const ADMIN_ORDERS_PATH = "/admin/orders/status";
export const ADMIN_ORDERS_EXPORT_PATH = "/admin/orders/export";
export const ADMIN_ORDERS_OVERVIEW_PATH = "/admin/orders/status-overview";

const FILTER_KEYS = ["status", "store", "fulfiller", "from", "to", "q", "sort", "dir", "page", "pageSize"] as const;

/** Filters from a query string; empty fields count as "no filter", bad values fall back to defaults. */
export function parseOrderFilter(params: URLSearchParams, status?: OrderStatus): AdminOrderFilter {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = key === "store" || key === "fulfiller" ? value.replace(/^@/, "") : value;
  }
  if (status) raw.status = status;
  return adminOrderFilterSchema.parse(raw);
}

/** `from` after `to` matches nothing: say so instead of showing an empty list without a reason. */
export function filterProblem(filter: AdminOrderFilter): string | null {
  if (filter.from && filter.to && filter.from > filter.to) return "The “from” date is after the “to” date, so no order can match.";
  return null;
}

/** The list page for a status (or every order). */
export const ordersPathFor = (status?: OrderStatus | null) => (status ? `${ADMIN_ORDERS_PATH}/${status}` : ADMIN_ORDERS_PATH);

/** Query string of a filter (defaults left out), with `patch` applied; `status` is part of the path unless `withStatus`. */
export function orderFilterQuery(filter: AdminOrderFilter, patch: Partial<AdminOrderFilter> = {}, withStatus = false): string {
  const f = { ...filter, ...patch };
  const p = new URLSearchParams();
  if (withStatus && f.status) p.set("status", f.status);
  if (f.q) p.set("q", f.q);
  if (f.store) p.set("store", f.store);
  if (f.fulfiller) p.set("fulfiller", f.fulfiller);
  if (f.from) p.set("from", f.from);
  if (f.to) p.set("to", f.to);
  if (f.sort !== "created") p.set("sort", f.sort);
  if (f.dir !== "desc") p.set("dir", f.dir);
  if (f.pageSize !== 50) p.set("pageSize", String(f.pageSize));
  if (f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** A link of the list: the status in the path, the rest in the query. */
export function orderListHref(filter: AdminOrderFilter, patch: Partial<AdminOrderFilter> = {}): string {
  const status = "status" in patch ? patch.status : filter.status;
  return `${ordersPathFor(status)}${orderFilterQuery(filter, patch)}`;
}

/** The CSV of what the list shows (every page). */
export function orderExportHref(filter: AdminOrderFilter): string {
  return `${ADMIN_ORDERS_EXPORT_PATH}${orderFilterQuery(filter, { page: 1 }, true)}`;
}

/** Clicking a column header: sort by it; clicking the sorted one again flips the direction. */
export function sortHref(filter: AdminOrderFilter, sort: AdminOrderSort): string {
  const dir = filter.sort === sort ? (filter.dir === "asc" ? "desc" : "asc") : sort === "created" || sort === "total" ? "desc" : "asc";
  return orderListHref(filter, { sort, dir, page: 1 });
}

export { isOrderStatus };
