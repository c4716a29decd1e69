// PLACEHOLDER: demo wishes, views and product requests (shopping helper replaces this).
import type { Db } from "../infra/db/index.ts";
export async function seedDemoShopping(_db: Db): Promise<number> {
  return 0;
}
