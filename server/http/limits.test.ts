import { describe, expect, it } from "vitest";
import { CV_MAX_BYTES } from "../modules/careers/index.ts";
import { CASE_PHOTO_MAX, CASE_PHOTO_MAX_BYTES } from "../modules/cases/index.ts";
import { ARTWORK_MAX_BYTES } from "../modules/catalog/types.ts";
import { STOCK_SHEET_MAX_BYTES } from "../modules/fulfillment/index.ts";
import { PARCEL_PHOTO_MAX_BYTES } from "../modules/shipping/index.ts";
import { REQUEST_IMAGE_MAX_BYTES } from "../modules/shopping/index.ts";
import { STORE_IMAGE_MAX_BYTES } from "../modules/stores/index.ts";
import {
  bodyLimitFor,
  DEFAULT_BODY_LIMIT,
  documentPath,
  hasNullCharacter,
  isAllowedMethod,
  isPrivatePath,
  tooLargeMessage,
} from "./limits.ts";

describe("body limits per route", () => {
  it("forms and JSON get the small default", () => {
    for (const path of ["/login", "/signup", "/api/__session", "/api/cart", "/contact", "/admin/config", "/login.data", "/_root.data"])
      expect(bodyLimitFor(path), path).toEqual({ bytes: DEFAULT_BODY_LIMIT, upload: false });
    expect(DEFAULT_BODY_LIMIT).toBe(64 * 1024);
  });

  it("each upload route has room for twice its own cap, so the route's own message answers a file up to twice too large", () => {
    const cases: [string, number][] = [
      ["/api/designer/artwork", ARTWORK_MAX_BYTES],
      ["/shop/partners/@inkwell/administration/products/create", ARTWORK_MAX_BYTES],
      ["/shop/partners/@inkwell/administration/products/prd_01aaaaaaaaaaaaaaaaaaaaaaaa.data", ARTWORK_MAX_BYTES],
      ["/shop/partners/@inkwell/administration/profile", STORE_IMAGE_MAX_BYTES],
      ["/product-request", REQUEST_IMAGE_MAX_BYTES],
      ["/product-request.data", REQUEST_IMAGE_MAX_BYTES],
      ["/jobs/job_01aaaaaaaaaaaaaaaaaaaaaaaa", CV_MAX_BYTES],
      ["/jobs/general", CV_MAX_BYTES],
      ["/fulfillment/@print-works/administration/warehouses/wh_01aaaaaaaaaaaaaaaaaaaaaaaa", STOCK_SHEET_MAX_BYTES],
      ["/fulfillment/@print-works/administration/parcels", PARCEL_PHOTO_MAX_BYTES],
      ["/fulfillment/@print-works/administration/parcels.data", PARCEL_PHOTO_MAX_BYTES],
    ];
    for (const [path, cap] of cases) {
      const limit = bodyLimitFor(path);
      expect(limit.upload, path).toBe(true);
      expect(limit.bytes, path).toBeGreaterThanOrEqual(cap * 2);
      expect(limit.bytes, path).toBeLessThanOrEqual(cap * 2 + 1024 * 1024);
    }
    // not uploads
    for (const path of [
      "/shop/partners/@inkwell/administration/products",
      "/jobs",
      "/shop/partners/@inkwell/administration/team",
      "/fulfillment/@print-works/administration/warehouses/create",
      "/fulfillment/@print-works/administration/shipments",
      "/fulfillment/@print-works/administration/manifests",
    ])
      expect(bodyLimitFor(path).upload, path).toBe(false);
  });

  it("a problem report takes its four photos at their cap, and one photo twice too large gets the page's own message", () => {
    for (const path of [
      "/shop/orders/ord_01aaaaaaaaaaaaaaaaaaaaaaaa/problem",
      "/shop/orders/ord_01aaaaaaaaaaaaaaaaaaaaaaaa/problem.data",
    ]) {
      const limit = bodyLimitFor(path);
      expect(limit.upload, path).toBe(true);
      expect(limit.bytes, path).toBeGreaterThanOrEqual(CASE_PHOTO_MAX * CASE_PHOTO_MAX_BYTES + 1024 * 1024);
      expect(limit.bytes, path).toBeGreaterThanOrEqual(2 * CASE_PHOTO_MAX_BYTES);
    }
    for (const path of [
      "/shop/orders/ord_01aaaaaaaaaaaaaaaaaaaaaaaa",
      "/shop/orders/ord_01aaaaaaaaaaaaaaaaaaaaaaaa/cases/cas_01aaaaaaaaaaaaaaaaaaaaaaaa",
    ])
      expect(bodyLimitFor(path).upload, path).toBe(false);
  });

  it("says the limit in the 413 message", () => {
    expect(tooLargeMessage(64 * 1024)).toBe("The request is too large: this address accepts at most 64 KB.");
    expect(tooLargeMessage(50 * 1024 * 1024)).toBe("The request is too large: this address accepts at most 50 MB.");
  });
});

describe("methods, null characters, private pages", () => {
  it("allows the usual methods only", () => {
    for (const m of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(isAllowedMethod(m), m).toBe(true);
    for (const m of ["TRACE", "TRACK", "PROPFIND", "CONNECT", "get"]) expect(isAllowedMethod(m), m).toBe(false);
  });

  it("finds a null character in any spelling", () => {
    for (const url of ["/a%00", "/a?q=%00", "/a?q=x%00y", "/%00", "/a\0"]) expect(hasNullCharacter(url), url).toBe(true);
    for (const url of ["/a", "/a?q=%2500", "/a?q=100", "/a%2000"]) expect(hasNullCharacter(url), url).toBe(false);
  });

  it("knows which pages are private, documents and .data alike", () => {
    expect(documentPath("/account.data")).toBe("/account");
    expect(documentPath("/_root.data")).toBe("/");
    for (const path of [
      "/account",
      "/account.data",
      "/admin",
      "/admin.data",
      "/admin/brevo/messages/msg_1",
      "/ash",
      "/shop/partners/@inkwell/administration",
      "/shop/partners/@inkwell/administration/products/create.data",
      "/login",
      "/login/reset",
      "/signup",
      "/logout",
    ])
      expect(isPrivatePath(path), path).toBe(true);
    for (const path of ["/", "/_root.data", "/shop", "/shop/partners/@inkwell", "/administration", "/accounts-faq", "/adminx", "/jobs"])
      expect(isPrivatePath(path), path).toBe(false);
  });
});
