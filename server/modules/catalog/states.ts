// The catalogue's writing state machines (ADR 0010): each move is checked against its table,
// written and recorded (who, when, why) in one transaction. Product states keep their pure
// table in product-form.ts (browser-safe) and their history in product_events.
import { defineStateMachine } from "../../kernel/index.ts";
import { artworkFlags } from "./schema.ts";

export type ArtworkFlagStatus = (typeof artworkFlags.$inferSelect)["status"];

/**
 * A flag raised when uploaded artwork matches another store's published design: open until an
 * admin clears it (the product may go live) or confirms it (the product is taken down). A
 * resolved flag is final; a new upload raises a new flag.
 */
export const artworkFlagMachine = defineStateMachine<ArtworkFlagStatus, typeof artworkFlags>({
  entity: "artwork flag",
  transitions: {
    open: ["cleared", "confirmed"],
    cleared: [],
    confirmed: [],
  },
  table: artworkFlags,
  id: artworkFlags.id,
  state: artworkFlags.status,
});
