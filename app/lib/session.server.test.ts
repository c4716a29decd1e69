import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { parseEnv, setEnv } from "#server/config/env.ts";
import { manualClock } from "#server/contracts/clock.ts";
import { pageCacheKey } from "#server/http/page-cache.ts";
import { renderCacheKey } from "./render-cache.server.ts";
import {
  commitRefreshCookie,
  commitSessionCookie,
  cookiesAreSecure,
  hostCookieName,
  knownDeviceId,
  pendingLinkCookie,
  readPendingLink,
  rememberDeviceCookie,
  safeNext,
  sessionIdFromCookie,
} from "./session.server.ts";

describe("safeNext: the redirect after sign-in stays on this site", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeNext("/account")).toBe("/account");
    expect(safeNext("/shop?q=mug&page=2#grid")).toBe("/shop?q=mug&page=2#grid");
    expect(safeNext("/shop/partners/%40inkwell/fanClub")).toBe("/shop/partners/%40inkwell/fanClub");
    expect(safeNext("/search?q=t-shirt%20blue")).toBe("/search?q=t-shirt%20blue");
    expect(safeNext("/")).toBe("/");
    // dot segments are resolved, and cannot climb out of the site
    expect(safeNext("/a/../../account")).toBe("/account");
  });

  it("refuses everything that leaves the site or breaks the Location header", () => {
    const refused = [
      // the reported cases: a tab or line break makes `//evil.example`, or a broken header
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\r/evil.example",
      "/\u0000/evil.example",
      "/\u007f/evil.example",
      "/\u0085/evil.example",
      // protocol-relative and backslash tricks
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "\\/evil.example",
      // the same, percent-encoded
      "/%09/evil.example",
      "/%0a/evil.example",
      "/%0D%0ASet-Cookie:%20x=1",
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/%5c%5cevil.example",
      "/%00",
      // a malformed escape
      "/%E0%A4%A",
      // absolute and other schemes
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      "evil.example",
      "",
      " /account",
      // too long to be a real page
      `/${"a".repeat(2100)}`,
    ];
    for (const value of refused) expect(safeNext(value, "/fallback"), JSON.stringify(value)).toBe("/fallback");
  });

  it("refuses what is not a string", () => {
    expect(safeNext(null)).toBe("/");
    expect(safeNext(undefined, "/account")).toBe("/account");
    expect(safeNext(new File(["x"], "next.txt"))).toBe("/");
  });
});

describe("cookie names: __Host- whenever cookies are Secure", () => {
  it("is Secure in production or behind an https PUBLIC_URL, not on plain-http development", () => {
    expect(cookiesAreSecure({ PLATEN_ENV: "production", PUBLIC_URL: "http://shop.example" })).toBe(true);
    expect(cookiesAreSecure({ PLATEN_ENV: "local", PUBLIC_URL: "https://shop.example" })).toBe(true);
    expect(cookiesAreSecure({ PLATEN_ENV: "local", PUBLIC_URL: "http://localhost:3000" })).toBe(false);
    expect(hostCookieName("platen_session", true)).toBe("__Host-platen_session");
    expect(hostCookieName("platen_session", false)).toBe("platen_session");
  });

  it("sets __Host-platen_session (Secure, Path=/, no Domain) and __Secure-platen_refresh over https", async () => {
    setEnv(parseEnv({ PLATEN_ENV: "production", PUBLIC_URL: "https://shop.example", SESSION_SECRET: "s".repeat(40) }));
    const session = await commitSessionCookie("ses_1");
    expect(session).toMatch(/^__Host-platen_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(session).not.toMatch(/Domain=/i);
    const refresh = await commitRefreshCookie("r", new Date(Date.now() + 60_000));
    expect(refresh).toMatch(/^__Secure-platen_refresh=[^;]+; Max-Age=\d+; Path=\/identity; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    const request = new Request("https://shop.example/account", { headers: { Cookie: session.split(";")[0]! } });
    expect(await sessionIdFromCookie(request)).toBe("ses_1");
    // A bare-named cookie (set by a plain-http page, say) is not read.
    const bare = new Request("https://shop.example/account", { headers: { Cookie: session.split(";")[0]!.replace("__Host-", "") } });
    expect(await sessionIdFromCookie(bare)).toBeNull();
    const device = await rememberDeviceCookie(request, "Someone@Example.test");
    expect(device).toMatch(/^__Host-platen_device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const withDevice = new Request("https://shop.example/login", { headers: { Cookie: device.split(";")[0]! } });
    expect(await knownDeviceId(withDevice, "someone@example.test")).toMatch(/^[\w-]{22}$/);
    expect(await knownDeviceId(withDevice, "other@example.test")).toBeNull();
  });

  it("a pending account link and a refresh cookie follow the time they are given, not the machine's", async () => {
    setEnv(parseEnv({ PLATEN_ENV: "production", PUBLIC_URL: "https://shop.example", SESSION_SECRET: "s".repeat(40) }));
    const clock = manualClock("2030-05-01T09:00:00Z");
    const pending = { issuer: "https://idp.example", subject: "sub-1", email: "someone@example.test" };
    const cookie = (await pendingLinkCookie(pending, clock.now())).split(";")[0]!;
    const request = new Request("https://shop.example/login", { headers: { Cookie: cookie } });
    clock.advance(9 * 60_000);
    expect(await readPendingLink(request, clock.now())).toEqual(pending);
    clock.advance(2 * 60_000);
    expect(await readPendingLink(request, clock.now())).toBeNull();
    const refresh = await commitRefreshCookie("r", new Date(clock.now().getTime() + 90_000), clock.now());
    expect(refresh).toMatch(/Max-Age=90;/);
  });

  it("a __Host- session's pages never come from the visitors' page cache; reused renders are keyed by the page's data", () => {
    const visit = (cookie?: string) =>
      pageCacheKey({ method: "GET", path: "/", originalUrl: "/", headers: cookie ? { cookie } : {} } as Parameters<typeof pageCacheKey>[0]);
    expect(visit()).toEqual(expect.any(String));
    expect(visit("__Host-platen_session=abc")).toBeNull();
    expect(visit("platen_theme=dark; platen_session=abc")).toBeNull();
    // The render cache serves signed-in users too, but only for the same data: who is signed in is data.
    const key = (cookie: string | undefined, root: unknown) =>
      renderCacheKey(new Request("https://shop.example/", { headers: cookie ? { Cookie: cookie } : {} }), 200, {
        staticHandlerContext: { errors: null, actionData: null, loaderData: { root } },
      } as unknown as EntryContext);
    expect(key("__Host-platen_session=abc", { user: { id: "usr_a" } })).not.toBe(key(undefined, { user: null }));
    expect(key("__Host-platen_session=abc", { user: { id: "usr_a" } })).not.toBe(
      key("__Host-platen_session=def", { user: { id: "usr_b" } }),
    );
  });
});
