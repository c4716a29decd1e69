// PLACEHOLDER: demo fulfiller, blanks and products (catalogue helper replaces this).
import type { Db } from "../infra/db/index.ts";
export async function seedDemoBlanks(_db: Db): Promise<number> {
  return 0;
}
export async function seedDemoProducts(_db: Db): Promise<number> {
  return 0;
}
