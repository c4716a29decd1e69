// What the analytics module (ADR 0018) reads of the floor: when each shipment group had to ship.
import { sql, type SQL } from "drizzle-orm";
import { productionLines } from "./schema.ts";

/**
 * When each line the print shops accepted was due to ship, as a parenthesised subquery to join
 * with an alias (columns: order_line_id, group_id, due_at: paid, moved a day after the warehouse's
 * cut-off, plus production days). A shipment group was due at the latest due time of its lines
 * (none when none of its lines went through the floor). Keyed by line.
 */
export function lineDueAtSql(): SQL {
  return sql`(select ${productionLines.orderLineId} as order_line_id, ${productionLines.groupId} as group_id, ${productionLines.dueAt} as due_at from ${productionLines})`;
}
