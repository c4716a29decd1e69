// Demo partners and their stores: six stores, a team member, fan club members, posts, a perk and
// one pending application. Idempotent (a second run adds nothing).
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { newId, type Db } from "../infra/db/index.ts";
import { users } from "../modules/identity/schema.ts";
import { fanClubMembers, fanClubPerks, fanClubPosts, partnerApplications, storeMembers, stores } from "../modules/stores/schema.ts";
import { svgToWebp } from "../infra/images/index.ts";
import { storage } from "../infra/storage/index.ts";
import type { Role } from "../modules/identity/index.ts";
import { hashPassword } from "../modules/identity/passwords.ts";
import type { StoreLink } from "../modules/stores/types.ts";
import { DEMO_PASSWORD } from "./demo-accounts.ts";

/** The demo fan-club discount code (10% off, unlimited uses) and the store it belongs to; the demo shopper is a member. */
export const DEMO_DISCOUNT_CODE = "INKWELL10";
export const DEMO_DISCOUNT_STORE_HANDLE = "inkwell";

export const DEMO_STORE_ACCOUNTS: { email: string; roles: Role[]; firstName: string; lastName: string; displayName: string }[] = [
  { email: "mara@demo.platen.test", roles: ["partner", "shopper"], firstName: "Mara", lastName: "Okafor", displayName: "Mara Okafor" },
  { email: "kenji@demo.platen.test", roles: ["partner", "shopper"], firstName: "Kenji", lastName: "Sato", displayName: "Kenji Sato" },
  {
    email: "lumen@demo.platen.test",
    roles: ["partner", "shopper"],
    firstName: "Lea",
    lastName: "Lumen",
    displayName: "Lea from Lumen & Co",
  },
  { email: "fernwood@demo.platen.test", roles: ["partner", "shopper"], firstName: "Rowan", lastName: "Fern", displayName: "Rowan Fern" },
  { email: "applicant@demo.platen.test", roles: ["shopper"], firstName: "Ari", lastName: "Applicant", displayName: "Ari Applicant" },
];

interface StoreSpec {
  handle: string;
  name: string;
  owner: string;
  bio: string;
  accentColor: string;
  links: StoreLink[];
  featured?: boolean;
}

export const DEMO_STORES: StoreSpec[] = [
  {
    handle: "inkwell",
    name: "Inkwell Studio",
    owner: "partner@demo.platen.test",
    bio: "Hand-inked botanicals and bold line art from a tiny studio by the sea. Every design starts as a brush drawing on paper.",
    accentColor: "#283593",
    links: [
      { label: "Instagram", url: "https://instagram.com/inkwell.studio" },
      { label: "Portfolio", url: "https://inkwell.example.com" },
    ],
    featured: true,
  },
  {
    handle: "print-works-studio",
    name: "Print Works Studio",
    owner: "fulfiller@demo.platen.test",
    bio: "The house label of Platen Print Works: classic typography, workshop humour and designs we test on our own presses first.",
    accentColor: "#bf360c",
    links: [{ label: "Website", url: "https://printworks.example.com" }],
  },
  {
    handle: "mara-okafor",
    name: "Mara Okafor",
    owner: "mara@demo.platen.test",
    bio: "Illustrator from Lagos and Lisbon. Warm colours, patterned portraits and a lot of sunshine.",
    accentColor: "#ad1457",
    links: [{ label: "Instagram", url: "https://instagram.com/mara.okafor.art" }],
    featured: true,
  },
  {
    handle: "kenji-draws",
    name: "Kenji Draws",
    owner: "kenji@demo.platen.test",
    bio: "Tiny monsters, big feelings. Kawaii characters drawn on the train to work.",
    accentColor: "#00695c",
    links: [{ label: "Website", url: "https://kenjidraws.example.com" }],
  },
  {
    handle: "lumen-co",
    name: "Lumen & Co",
    owner: "lumen@demo.platen.test",
    bio: "Minimal geometry and light studies for people who like their shirts calm and their mugs clever.",
    accentColor: "#4e342e",
    links: [{ label: "Behance", url: "https://behance.net/lumenco" }],
    featured: true,
  },
  {
    handle: "fernwood",
    name: "Fernwood",
    owner: "fernwood@demo.platen.test",
    bio: "Forest walks turned into prints: ferns, mushrooms, moss and the occasional fox.",
    accentColor: "#2e7d32",
    links: [{ label: "Instagram", url: "https://instagram.com/fernwood.prints" }],
  },
];

async function userIdOf(db: Db, email: string): Promise<string | null> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email)).limit(1);
  return u?.id ?? null;
}

function avatarSvg(name: string, color: string): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join("")
    .slice(0, 2)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="${color}"/><circle cx="256" cy="256" r="200" fill="#ffffff" fill-opacity="0.12"/><text x="256" y="300" font-family="DejaVu Sans, sans-serif" font-size="170" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`;
}

function bannerSvg(color: string, seed: number): string {
  let shapes = "";
  for (let i = 0; i < 14; i++) {
    const x = (seed * 97 + i * 131) % 1600;
    const y = (seed * 53 + i * 71) % 400;
    const r = 30 + ((seed + i * 17) % 90);
    shapes += `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.06 + (i % 4) * 0.04}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111111"/></linearGradient></defs><rect width="1600" height="400" fill="url(#g)"/>${shapes}</svg>`;
}

async function storeImage(storeId: string, kind: "avatar" | "banner", svg: string): Promise<string | null> {
  try {
    const webp = await svgToWebp(svg);
    const key = `store-media/${storeId}/${kind}-${createHash("sha256").update(webp).digest("hex").slice(0, 24)}.webp`;
    await storage().put(key, webp, { contentType: "image/webp" });
    return key;
  } catch {
    return null; // images are decoration: a store without them still works
  }
}

/** The demo partners, stores, team, fan clubs and one pending application. */
export async function seedDemoStores(db: Db): Promise<number> {
  let created = 0;
  let passwordHash: string | undefined;
  for (const a of DEMO_STORE_ACCOUNTS) {
    if (await userIdOf(db, a.email)) continue;
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    await db
      .insert(users)
      .values({
        id: newId("usr"),
        email: a.email,
        emailNormalized: a.email,
        emailVerifiedAt: new Date(),
        passwordHash,
        passwordChangedAt: new Date(),
        roles: a.roles,
        firstName: a.firstName,
        lastName: a.lastName,
        displayName: a.displayName,
      })
      .onConflictDoNothing();
    created++;
  }

  const ids: Record<string, string> = {};
  for (const [i, s] of DEMO_STORES.entries()) {
    const [existing] = await db.select({ id: stores.id }).from(stores).where(eq(stores.handle, s.handle)).limit(1);
    if (existing) {
      ids[s.handle] = existing.id;
      continue;
    }
    const owner = await userIdOf(db, s.owner);
    if (!owner) continue;
    const id = newId("sto");
    const avatarKey = await storeImage(id, "avatar", avatarSvg(s.name, s.accentColor));
    const bannerKey = await storeImage(id, "banner", bannerSvg(s.accentColor, i + 3));
    await db
      .insert(stores)
      .values({
        id,
        handle: s.handle,
        name: s.name,
        ownerUserId: owner,
        bio: s.bio,
        accentColor: s.accentColor,
        links: s.links,
        featured: s.featured ?? false,
        avatarKey,
        bannerKey,
        createdAt: new Date(Date.now() - (60 - i * 7) * 86_400_000),
      })
      .onConflictDoNothing();
    ids[s.handle] = id;
    created++;
  }

  // Kenji helps at Inkwell with products.
  const kenji = await userIdOf(db, "kenji@demo.platen.test");
  const partner = await userIdOf(db, "partner@demo.platen.test");
  if (ids.inkwell && kenji) {
    const r = await db
      .insert(storeMembers)
      .values({
        id: newId("smb"),
        storeId: ids.inkwell,
        userId: kenji,
        email: "kenji@demo.platen.test",
        permissions: ["products"],
        status: "active",
        workerTitle: "Guest illustrator",
        workerBio: "Draws the little creatures hiding in Inkwell's botanicals.",
        invitedBy: partner,
        acceptedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: storeMembers.id });
    created += r.length;
  }

  // Sam the shopper is a fan of Inkwell and Mara Okafor.
  const shopper = await userIdOf(db, "shopper@demo.platen.test");
  for (const h of ["inkwell", "mara-okafor"]) {
    if (!ids[h] || !shopper) continue;
    const r = await db
      .insert(fanClubMembers)
      .values({
        storeId: ids[h],
        userId: shopper,
        unsubscribeToken: createHash("sha256")
          .update(`${ids[h]}:${shopper}:${newId("fcp")}`)
          .digest("base64url")
          .slice(0, 32),
      })
      .onConflictDoNothing()
      .returning({ u: fanClubMembers.userId });
    created += r.length;
  }

  const posts: { handle: string; author: string | null; title: string; body: string; membersOnly: boolean }[] = [
    {
      handle: "inkwell",
      author: partner,
      title: "Hello from the studio",
      body: "Thank you for joining! New botanical prints are on the drawing board: ferns, poppies and a very patient snail.",
      membersOnly: false,
    },
    {
      handle: "inkwell",
      author: partner,
      title: "Sneak peek for members",
      body: "The autumn collection lands next week. Members get the code below before anyone else hears about it.",
      membersOnly: true,
    },
    {
      handle: "mara-okafor",
      author: await userIdOf(db, "mara@demo.platen.test"),
      title: "New portraits coming",
      body: "I am finishing a series of patterned portraits. Which colours would you like on a tote bag?",
      membersOnly: false,
    },
  ];
  for (const p of posts) {
    if (!ids[p.handle]) continue;
    const [exists] = await db
      .select({ id: fanClubPosts.id })
      .from(fanClubPosts)
      .where(and(eq(fanClubPosts.storeId, ids[p.handle]!), eq(fanClubPosts.title, p.title)))
      .limit(1);
    if (exists) continue;
    await db.insert(fanClubPosts).values({
      id: newId("fcp"),
      storeId: ids[p.handle]!,
      authorUserId: p.author,
      title: p.title,
      body: p.body,
      membersOnly: p.membersOnly,
    });
    created++;
  }
  if (ids[DEMO_DISCOUNT_STORE_HANDLE]) {
    const storeId = ids[DEMO_DISCOUNT_STORE_HANDLE];
    const [perk] = await db
      .select({ id: fanClubPerks.id, kind: fanClubPerks.discountKind })
      .from(fanClubPerks)
      .where(and(eq(fanClubPerks.storeId, storeId), eq(fanClubPerks.code, DEMO_DISCOUNT_CODE)))
      .limit(1);
    if (!perk) {
      await db.insert(fanClubPerks).values({
        id: newId("prk"),
        storeId,
        title: "10% off for fan club members",
        description: "On everything in the Inkwell shop.",
        code: DEMO_DISCOUNT_CODE,
        discountKind: "percent",
        percentOff: 10,
      });
      created++;
    } else if (!perk.kind) {
      await db.update(fanClubPerks).set({ discountKind: "percent", percentOff: 10 }).where(eq(fanClubPerks.id, perk.id));
    }
  }

  // One pending application so the applicants queue is not empty.
  const applicant = await userIdOf(db, "applicant@demo.platen.test");
  if (applicant) {
    const [app] = await db
      .select({ id: partnerApplications.id })
      .from(partnerApplications)
      .where(eq(partnerApplications.userId, applicant))
      .limit(1);
    if (!app) {
      await db
        .insert(partnerApplications)
        .values({
          id: newId("papp"),
          userId: applicant,
          storeName: "Paper Kite Press",
          handle: "paper-kite",
          bio: "Risograph-style kites, birds and weather maps. I sell prints at local markets and would love to offer them on shirts and posters.",
          links: [{ label: "Instagram", url: "https://instagram.com/paperkitepress" }],
          acceptedTermsAt: new Date(),
        })
        .onConflictDoNothing();
      created++;
    }
  }
  return created;
}
