import { z } from "zod";
import { parseMoney } from "../../contracts/money.ts";

/** Browser-safe types of the stores module (partners, stores, team members, fan clubs). */
export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type PartnerApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const STORE_STATUSES = ["active", "suspended"] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** What a team member ("worker") may do in a store's administration. The owner may do everything. */
export const STORE_PERMISSIONS = ["products", "profile", "team", "analytics", "orders"] as const;
export type StorePermission = (typeof STORE_PERMISSIONS)[number];

/** Short names of the permissions, for sentences. */
export const PERMISSION_NAMES: Record<StorePermission, string> = {
  products: "Products",
  profile: "Store profile",
  team: "Team",
  analytics: "Analytics",
  orders: "Orders",
};

/**
 * Who may grant which permission (decision; the stores service enforces it on invite, change and
 * removal, so a member can never end up with more than someone above him gave him):
 * - The store owner and Platen admins grant and take away any permission, "team" included.
 * - A member holding "team" invites members, changes their permissions and removes them, but only
 *   within the permissions he holds himself, and never "team": he can neither grant nor take away
 *   "team" or a permission he lacks, and cannot remove a member who holds either.
 * - A member never changes his own permissions (he may leave the team), nor the owner's row.
 */
export function teamChangeRefusal(
  grantor: { full: boolean; holds: readonly StorePermission[] },
  before: readonly StorePermission[],
  after: readonly StorePermission[],
): string | null {
  if (grantor.full) return null;
  const changed = STORE_PERMISSIONS.filter((p) => before.includes(p) !== after.includes(p));
  if (changed.includes("team")) return "Only the store owner or a Platen admin can grant or take away the Team permission.";
  const lacking = changed.filter((p) => !grantor.holds.includes(p));
  if (lacking.length)
    return `You can only grant or take away permissions you hold yourself; you do not hold ${lacking.map((p) => PERMISSION_NAMES[p]).join(", ")}.`;
  return null;
}

export const MEMBER_STATUSES = ["invited", "active", "removed"] as const;
export type StoreMemberStatus = (typeof MEMBER_STATUSES)[number];

/** A store handle: what follows `@` in `/shop/stores/@{name}`. Stored lowercase. */
export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,28}[a-z0-9])$/;
export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, ""))
  .pipe(
    z
      .string()
      .min(3, "A handle has at least 3 characters.")
      .max(30, "A handle has at most 30 characters.")
      .regex(HANDLE_PATTERN, "Use lowercase letters, digits and dashes (not at the start or end)."),
  );

export const storeLinkSchema = z.object({ label: z.string().max(40), url: z.url() });
export type StoreLink = z.infer<typeof storeLinkSchema>;

/** Handles nobody may take (they read like Platen itself). */
export const RESERVED_HANDLES = [
  "admin",
  "administrator",
  "platen",
  "support",
  "help",
  "shop",
  "partners",
  "register",
  "terms",
  "staff",
  "moderator",
  "official",
] as const;

export const PERMISSION_LABELS: Record<StorePermission, string> = {
  products: "Products (design, publish)",
  profile: "Store profile",
  team: "Team (invite, permissions)",
  analytics: "Analytics",
  orders: "Orders",
};

const linkLines = z
  .string()
  .max(2000)
  .optional()
  .transform((v, c): StoreLink[] => {
    const out: StoreLink[] = [];
    for (const raw of (v ?? "").split(/\r?\n/)) {
      const line = raw.trim();
      if (!line) continue;
      const m = /^(?:(.{1,40}?)\s*[|:]\s+)?(https?:\/\/\S+)$/.exec(line);
      const parsed = m
        ? storeLinkSchema.safeParse({ label: (m[1] ?? "").trim() || new URL(m[2]!).hostname.replace(/^www\./, ""), url: m[2] })
        : null;
      if (!parsed?.success) {
        c.addIssue({
          code: "custom",
          message: `"${line.slice(0, 60)}" is not a link. Write one per line, like: Instagram | https://instagram.com/you`,
        });
        return z.NEVER;
      }
      out.push(parsed.data);
    }
    if (out.length > 6) {
      c.addIssue({ code: "custom", message: "Add at most 6 links." });
      return z.NEVER;
    }
    return out;
  });

/** Links as typed in a textarea: one a line, "Label | https://..." or just the URL. */
export const linksField = linkLines;
export const linksToText = (links: readonly StoreLink[]) => links.map((l) => `${l.label} | ${l.url}`).join("\n");

export const storeNameField = z
  .string()
  .trim()
  .min(2, "A store name has at least 2 characters.")
  .max(60, "A store name has at most 60 characters.");
export const bioField = z.string().trim().max(1000, "Keep the bio under 1,000 characters.");

export const applicationSchema = z.object({
  storeName: storeNameField,
  handle: handleSchema,
  bio: bioField.min(20, "Tell shoppers about yourself in at least 20 characters."),
  links: linksField,
  acceptTerms: z.literal("on", { error: "Accept the partner terms to apply." }),
});
export type ApplicationInput = z.input<typeof applicationSchema>;

export const profileSchema = z.object({
  name: storeNameField,
  bio: bioField,
  accentColor: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Choose a colour like #7e57c2."),
  links: linksField,
});

export const inviteSchema = z.object({
  email: z.email("Enter a valid e-mail address, like name@example.com.").trim().toLowerCase().max(254),
  permissions: z
    .union([z.enum(STORE_PERMISSIONS), z.array(z.enum(STORE_PERMISSIONS))], { error: "Choose a valid permission." })
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

export const workerProfileSchema = z.object({
  workerTitle: z.string().trim().max(80, "Keep the title under 80 characters."),
  workerBio: z.string().trim().max(600, "Keep the bio under 600 characters."),
});

export const postSchema = z.object({
  title: z.string().trim().min(2, "Give the post a title.").max(120, "Keep the title under 120 characters."),
  body: z.string().trim().min(2, "Write something.").max(5000, "Keep the post under 5,000 characters."),
  membersOnly: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

export type DiscountKind = "percent" | "fixed";

/** A fan-club discount code a shopper may apply at checkout (to that store's lines only). */
export interface DiscountCode {
  perkId: string;
  storeId: string;
  code: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOffMinor: number | null;
  currency: string | null;
  expiresAt: Date | null;
  usesLeft: number | null;
}

export type DiscountRefusal = "unknown" | "not_member" | "expired" | "used_up" | "ended";

export const DISCOUNT_REFUSAL_MESSAGES: Record<DiscountRefusal, string> = {
  unknown: "That code isn't valid.",
  not_member: "This code is a fan club perk: join the store's fan club, signed in, to use it.",
  expired: "That code has expired.",
  used_up: "That code has been used up.",
  ended: "That code is no longer available.",
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The fan-club page's "Add a perk" form. A code is optional; with a code, choose percent (1–100)
 * or a fixed amount (typed in the platform currency, e.g. "5.00"), an optional last day
 * (`expiresOn`, valid through the end of that day, UTC) and an optional number of uses.
 */
export function perkFormSchema(currency: string) {
  return z
    .object({
      title: z.string().trim().min(2, "Give the perk a title.").max(120, "Keep the title under 120 characters."),
      description: z.string().trim().max(500, "Keep the description under 500 characters.").optional().default(""),
      code: z
        .string()
        .trim()
        .toUpperCase()
        .max(30, "Keep the code under 30 characters.")
        .regex(/^[A-Z0-9-]*$/, "Use letters, digits and dashes.")
        .optional()
        .transform((v) => v || null),
      discountKind: z.enum(["percent", "fixed", ""]).optional().default(""),
      percentOff: z.string().trim().optional().default(""),
      amountOff: z.string().trim().optional().default(""),
      expiresOn: z.string().trim().optional().default(""),
      maxUses: z.string().trim().optional().default(""),
    })
    .transform((f, ctx) => {
      const kind = f.discountKind || (f.code ? (f.amountOff && !f.percentOff ? "fixed" : "percent") : "");
      let percentOff: number | null = null;
      let amountOffMinor: number | null = null;
      let expiresAt: Date | null = null;
      let maxUses: number | null = null;
      if (kind && !f.code) ctx.addIssue({ code: "custom", path: ["code"], message: "Enter the code shoppers type at checkout." });
      if (f.code && kind === "percent") {
        const n = /^\d{1,3}$/.test(f.percentOff) ? Number(f.percentOff) : NaN;
        if (!(n >= 1 && n <= 100))
          ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Enter a whole percentage from 1 to 100." });
        else percentOff = n;
      }
      if (f.code && kind === "fixed") {
        const m = parseMoney(f.amountOff, currency);
        if (!f.amountOff) ctx.addIssue({ code: "custom", path: ["amountOff"], message: `Enter the amount off in ${currency}.` });
        else if (!m.ok) ctx.addIssue({ code: "custom", path: ["amountOff"], message: m.message });
        else if (m.money.amount <= 0) ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Enter an amount above zero." });
        else amountOffMinor = m.money.amount;
      }
      if (f.expiresOn) {
        const d = DATE.test(f.expiresOn) ? new Date(`${f.expiresOn}T00:00:00Z`) : null;
        if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== f.expiresOn)
          ctx.addIssue({ code: "custom", path: ["expiresOn"], message: "Enter a date like 2030-12-31." });
        else expiresAt = new Date(d.getTime() + 86_400_000);
      }
      if (f.maxUses) {
        const n = /^\d{1,7}$/.test(f.maxUses) ? Number(f.maxUses) : NaN;
        if (!(n >= 1)) ctx.addIssue({ code: "custom", path: ["maxUses"], message: "Enter a whole number of uses, at least 1." });
        else maxUses = n;
      }
      return {
        title: f.title,
        description: f.description,
        code: f.code,
        discountKind: f.code && kind ? (kind as DiscountKind) : null,
        percentOff,
        amountOffMinor,
        currency: amountOffMinor !== null ? currency : null,
        expiresAt: f.code ? expiresAt : null,
        maxUses: f.code ? maxUses : null,
      };
    });
}

/** What a signed-in user may do in a store: owner, an active team member, an admin looking in, or nothing. */
export interface StoreAccessInfo {
  role: "owner" | "member" | "admin" | "none";
  permissions: StorePermission[];
}

/** A store found by a search (/search and instant search): active stores only. */
export interface StoreSearchHit {
  handle: string;
  name: string;
  bio: string;
  avatarKey: string | null;
  accentColor: string;
}
