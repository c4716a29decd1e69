// What the analytics module (ADR 0018) reads of the floor: when each shipment group had to ship.
import { sql, type SQL } from "drizzle-orm";
import { productionLines } from "./schema.ts";

/**
 * When the shipment group `groupId` (an SQL expression of the caller's query) was due to ship, as
 * a scalar subquery: the latest due time of its lines the print shop accepted (paid, moved a day
 * after the warehouse's cut-off, plus production days), or null when none of its lines went
 * through the floor. Indexed by group.
 */
export function groupDueAtSql(groupId: SQL): SQL {
  return sql`(select max(pl.due_at) from ${productionLines} pl where pl.group_id = ${groupId})`;
}
