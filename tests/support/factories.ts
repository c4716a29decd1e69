// Test data made through the modules' public APIs (their index.ts), never by writing another
// module's rows: when a module changes its tables, the fixtures follow, and a test cannot start
// from a state the module could never produce.
import type { Db } from "../../server/infra/db/index.ts";
import { createCtx, systemCtx, type Actor, type Ctx } from "../../server/kernel/index.ts";
import { createUser, type Role } from "../../server/modules/identity/index.ts";
import { approveApplication, submitApplication, type StoreRow } from "../../server/modules/stores/index.ts";

export type UserActor = Actor & { kind: "user" };

let seq = 0;
/** A short suffix unique within the test process, for e-mail addresses and handles. */
export const uniq = (): string => `${process.pid.toString(36)}${(++seq).toString(36)}`;

const fixtureCtx = (db: Db): Ctx => systemCtx(db, "test fixture");

/** A user with `roles` (identity.createUser), and the actor to act as them. E-mail verified. */
export async function makeUser(
  db: Db,
  opts: { email?: string; displayName?: string; roles?: Role[] } = {},
): Promise<UserActor & { email: string }> {
  const email = opts.email ?? `user-${uniq()}@factory.test`;
  const user = await createUser(fixtureCtx(db), {
    email,
    displayName: opts.displayName ?? email.split("@")[0]!,
    roles: opts.roles ?? ["shopper"],
  });
  return { kind: "user", userId: user.id, roles: user.roles as Role[], email: user.email };
}

/**
 * A store owned by a partner, through the real flow: the owner applies (stores.submitApplication)
 * and an admin approves (stores.approveApplication, which also grants the owner "partner").
 * Pass `owner` to reuse a user; otherwise one is made. Returns the owner as a partner actor.
 */
export async function makeStore(
  db: Db,
  opts: { handle?: string; name?: string; owner?: UserActor; bio?: string } = {},
): Promise<{ store: StoreRow; owner: UserActor }> {
  const applicant = opts.owner ?? (await makeUser(db));
  const handle = opts.handle ?? `store-${uniq()}`;
  const application = await submitApplication(createCtx(db, applicant), {
    storeName: opts.name ?? handle,
    handle,
    bio: opts.bio ?? "A store made by the test fixtures, for tests only.",
    links: "",
    acceptTerms: "on",
  });
  const store = await approveApplication(fixtureCtx(db), application.id);
  const roles: Role[] = applicant.roles.includes("partner") ? [...applicant.roles] : [...applicant.roles, "partner"];
  return { store, owner: { ...applicant, roles } };
}
