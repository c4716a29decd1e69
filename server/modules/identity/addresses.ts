// A shopper's saved shipping addresses; at most one is selected (a partial unique index says so).
import { and, asc, desc, eq, ne } from "drizzle-orm";
import { newId, transaction, type Db } from "../../infra/db/index.ts";
import { AppError, notFound, type Ctx } from "../../kernel/index.ts";
import { shippingAddresses } from "./schema.ts";
import { addressSchema, MAX_ADDRESSES, type AddressInput, type ShippingAddress } from "./types.ts";

/** The address checked with the form's rules (postal code per country, required state), or a 400 next to the field. */
function validAddress(input: AddressInput): AddressInput {
  const r = addressSchema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new AppError("invalid-address", issue.message, 400, issue.path.join("."));
}

type Row = typeof shippingAddresses.$inferSelect;

function owner(ctx: Ctx): string {
  if (ctx.actor.kind !== "user") throw new AppError("requires-recent-login", "Sign in to manage your addresses.", 401);
  return ctx.actor.userId;
}

export function toShippingAddress(r: Row): ShippingAddress {
  return {
    id: r.id,
    label: r.label,
    fullName: r.fullName,
    line1: r.line1,
    line2: r.line2,
    city: r.city,
    region: r.region,
    postalCode: r.postalCode,
    country: r.country,
    phone: r.phone,
    isSelected: r.isSelected,
  };
}

async function rowsOf(db: Db, userId: string): Promise<Row[]> {
  return db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.userId, userId))
    .orderBy(desc(shippingAddresses.isSelected), asc(shippingAddresses.position), asc(shippingAddresses.createdAt));
}

/** The selected address first, then in the order they were added. */
export async function listAddresses(ctx: Ctx): Promise<ShippingAddress[]> {
  return (await rowsOf(ctx.db, owner(ctx))).map(toShippingAddress);
}

export async function addAddress(ctx: Ctx, address: AddressInput, opts: { select?: boolean } = {}): Promise<ShippingAddress> {
  const userId = owner(ctx);
  const input = validAddress(address);
  return transaction(ctx.db, async (tx) => {
    const existing = await rowsOf(tx, userId);
    if (existing.length >= MAX_ADDRESSES)
      throw new AppError("too-many-addresses", `You can keep up to ${MAX_ADDRESSES} addresses. Delete one you no longer use first.`, 409);
    const select = existing.length === 0 || opts.select === true;
    if (select) await tx.update(shippingAddresses).set({ isSelected: false }).where(eq(shippingAddresses.userId, userId));
    const position = existing.reduce((m, r) => Math.max(m, r.position), -1) + 1;
    const [row] = await tx
      .insert(shippingAddresses)
      .values({ id: newId("adr"), userId, ...input, isSelected: select, position })
      .returning();
    return toShippingAddress(row!);
  });
}

export async function updateAddress(ctx: Ctx, id: string, address: AddressInput): Promise<ShippingAddress> {
  const userId = owner(ctx);
  const input = validAddress(address);
  const [row] = await ctx.db
    .update(shippingAddresses)
    .set({ ...input })
    .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
    .returning();
  if (!row) throw notFound("The address");
  return toShippingAddress(row);
}

export async function selectAddress(ctx: Ctx, id: string): Promise<void> {
  const userId = owner(ctx);
  await transaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select({ id: shippingAddresses.id })
      .from(shippingAddresses)
      .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
      .limit(1);
    if (!row) throw notFound("The address");
    await tx
      .update(shippingAddresses)
      .set({ isSelected: false })
      .where(and(eq(shippingAddresses.userId, userId), ne(shippingAddresses.id, id)));
    await tx.update(shippingAddresses).set({ isSelected: true }).where(eq(shippingAddresses.id, id));
  });
}

/** Delete an address; when it was the selected one, the next one becomes selected. */
export async function deleteAddress(ctx: Ctx, id: string): Promise<void> {
  const userId = owner(ctx);
  await transaction(ctx.db, async (tx) => {
    const [row] = await tx
      .delete(shippingAddresses)
      .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.userId, userId)))
      .returning();
    if (!row) throw notFound("The address");
    if (row.isSelected) {
      const [next] = await rowsOf(tx, userId);
      if (next) await tx.update(shippingAddresses).set({ isSelected: true }).where(eq(shippingAddresses.id, next.id));
    }
  });
}
