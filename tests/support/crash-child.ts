// A shopper (and admin) process for the crash test (tests/integration/orders-crash.test.ts): opens
// the database it is given and places and pays orders in a loop, then cancels or refunds some of
// them (by the shopper, by line, by amount), printing each step, until it is killed. Run with
// `node --import tsx tests/support/crash-child.ts` and CRASH_* variables.
import { carrierProvider } from "../../server/infra/carriers/index.ts";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseEnv, setEnv } from "../../server/config/env.ts";
import { openDatabase } from "../../server/infra/db/index.ts";
import { emailProvider } from "../../server/infra/email/index.ts";
import { paymentProvider } from "../../server/infra/payments/index.ts";
import { LocalStorage } from "../../server/infra/storage/index.ts";
import { anonymous, createCtx, setDefaultPorts } from "../../server/kernel/index.ts";
import {
  cancelOrder,
  getOrder,
  payOrderWithCard,
  placeOrder,
  quoteCheckout,
  refundOrder,
  registerOrderSteps,
  type OrderAddress,
} from "../../server/modules/orders/index.ts";

const env = process.env;
setEnv(parseEnv({ ...env, PLATEN_ENV: "test", SESSION_SECRET: env.CRASH_SECRET ?? randomBytes(32).toString("hex") }));
const storage = new LocalStorage(path.resolve(env.CRASH_STORAGE ?? "tmp/crash-files"));
setDefaultPorts(() => ({ storage, email: emailProvider(), payments: paymentProvider(), carriers: carrierProvider() }));
registerOrderSteps();
const database = await openDatabase(
  env.CRASH_DATABASE_URL ? { databaseUrl: env.CRASH_DATABASE_URL, poolSize: 4 } : { dataDir: env.CRASH_DATA_DIR! },
);
const line = JSON.parse(env.CRASH_LINE!) as { productId: string; variantId: string; quantity: number };
const address: OrderAddress = {
  fullName: "Crash Buyer",
  line1: "1 Main Street",
  line2: "",
  city: "Portland",
  region: "OR",
  postalCode: "97205",
  country: "US",
  phone: "",
};
const card = { number: "4242424242424242", expMonth: 12, expYear: 2031, cvc: "123" };
for (let i = 0; ; i++) {
  const ctx = createCtx(database.db, anonymous());
  const quote = await quoteCheckout(ctx, { lines: [line], address });
  const placed = await placeOrder(ctx, {
    lines: [line],
    address,
    email: `crash-${i}@example.com`,
    placeKey: `crash-${env.CRASH_RUN}-${i}-key-xx`,
    seenTotalMinor: quote.totals.totalMinor,
  });
  if (!placed.ok) {
    process.stdout.write(`refused ${i}\n`);
    continue;
  }
  process.stdout.write(`placed ${i}\n`);
  await payOrderWithCard(ctx, { orderId: placed.orderId, token: placed.token, card, attemptKey: `crash-pay-${env.CRASH_RUN}-${i}` });
  process.stdout.write(`paid ${i}\n`);
  // Money leaves some orders: each is one transaction, then the provider's call (a durable step).
  const admin = createCtx(database.db, { kind: "user", userId: "usr_crash_admin", roles: ["admin"] });
  const access = { orderId: placed.orderId, token: placed.token };
  if (i % 4 === 1) {
    await cancelOrder(ctx, { ...access, reason: "Changed my mind" });
    process.stdout.write(`cancelled ${i}\n`);
  } else if (i % 4 === 2) {
    const o = await getOrder(admin, access);
    await refundOrder(admin, {
      orderId: placed.orderId,
      request: { lines: [{ lineId: o.groups[0]!.lines[0]!.id, quantity: 1 }], reason: "Smudge" },
    });
    process.stdout.write(`refunded-line ${i}\n`);
  } else if (i % 4 === 3) {
    await refundOrder(admin, { orderId: placed.orderId, request: { amountMinor: 150, reason: "Goodwill" } });
    process.stdout.write(`refunded-amount ${i}\n`);
  }
}
