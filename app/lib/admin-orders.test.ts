import { describe, expect, it } from "vitest";
import { filterProblem, orderExportHref, orderListHref, parseOrderFilter, sortHref } from "./admin-orders.ts";

const parse = (qs: string, status?: Parameters<typeof parseOrderFilter>[1]) => parseOrderFilter(new URLSearchParams(qs), status);

describe("the admin order list's query string", () => {
  it("reads every filter and drops empty fields and the handle's @", () => {
    const f = parse("q=%20PL-10023%20&store=@inkwell&fulfiller=&from=2026-11-01&to=2026-11-20&sort=total&dir=asc&page=3");
    expect(f).toMatchObject({ q: "PL-10023", store: "inkwell", from: "2026-11-01", to: "2026-11-20", sort: "total", dir: "asc", page: 3 });
    expect(f.fulfiller).toBeUndefined();
    expect(f.status).toBeUndefined();
  });

  it("falls back to the defaults on bad values instead of failing", () => {
    const f = parse("status=lost&from=yesterday&sort=evil&dir=sideways&page=-4&pageSize=100000");
    expect(f).toMatchObject({ sort: "created", dir: "desc", page: 1, pageSize: 50 });
    expect(f.status).toBeUndefined();
    expect(f.from).toBeUndefined();
  });

  it("takes the status from the path over the query", () => {
    expect(parse("status=paid", "shipped").status).toBe("shipped");
  });

  it("builds links with the status in the path and the other filters kept", () => {
    const f = parse("store=inkwell&sort=total", "paid");
    expect(orderListHref(f)).toBe("/admin/orders/status/paid?store=inkwell&sort=total");
    expect(orderListHref(f, { status: undefined, page: 1 })).toBe("/admin/orders/status?store=inkwell&sort=total");
    expect(orderListHref(f, { page: 2 })).toBe("/admin/orders/status/paid?store=inkwell&sort=total&page=2");
  });

  it("exports what the list shows, every page, with the status in the query", () => {
    expect(orderExportHref(parse("store=inkwell&page=4", "paid"))).toBe("/admin/orders/export?status=paid&store=inkwell");
    expect(orderExportHref(parse(""))).toBe("/admin/orders/export");
  });

  it("sorts by a header, and flips the direction on the sorted one", () => {
    const f = parse("page=2");
    expect(sortHref(f, "number")).toBe("/admin/orders/status?sort=number&dir=asc");
    expect(sortHref(f, "created")).toBe("/admin/orders/status?dir=asc");
    expect(sortHref(parse("sort=number&dir=asc"), "number")).toBe("/admin/orders/status?sort=number");
  });

  it("says why a date range cannot match", () => {
    expect(filterProblem(parse("from=2026-11-20&to=2026-11-01"))).toMatch(/after/);
    expect(filterProblem(parse("from=2026-11-01&to=2026-11-01"))).toBeNull();
  });
});
