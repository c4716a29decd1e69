// PLACEHOLDER: demo partners and their stores (stores helper replaces this).
import type { Db } from "../infra/db/index.ts";
export async function seedDemoStores(_db: Db): Promise<number> {
  return 0;
}
