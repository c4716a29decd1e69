// The cases module's vocabulary (issue 23 §3, ADR 0018). Browser-safe: pages import it (no
// server-only imports, no Zod).
import type { MockupRef } from "../../contracts/imaging.ts";

/** What went wrong, as the shopper says it. */
export const CASE_KINDS = ["damaged", "misprint", "wrong_item", "not_delivered", "other"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_KIND_LABELS: Record<CaseKind, string> = {
  damaged: "Arrived damaged",
  misprint: "Misprint",
  wrong_item: "Wrong item",
  not_delivered: "Not delivered",
  other: "Something else",
};
export const CASE_KIND_HINTS: Record<CaseKind, string> = {
  damaged: "Torn, stained, broken or crushed when it arrived.",
  misprint: "The print is wrong: blurred, cut off, off-centre, wrong colours or the wrong design.",
  wrong_item: "You received another product, colour or size than you ordered.",
  not_delivered: "The parcel never reached you, or tracking stopped.",
  other: "Anything else wrong with these items.",
};

/**
 * A case's life: `open` (Platen's turn), waiting on the print shop or on the shopper (the ball goes
 * back and forth, and back to Platen when the party waited on answers), `resolved` (by a reprint,
 * a refund or a rejection, with a fault code), then `closed`.
 */
export const CASE_STATUSES = ["open", "waiting_on_print_shop", "waiting_on_shopper", "resolved", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  open: "Open",
  waiting_on_print_shop: "Waiting on the print shop",
  waiting_on_shopper: "Waiting on the shopper",
  resolved: "Resolved",
  closed: "Closed",
};
/** A case in these states holds its shipment (shown "on hold") and its lines (one open case per line). */
export const OPEN_CASE_STATUSES = ["open", "waiting_on_print_shop", "waiting_on_shopper"] as const satisfies readonly CaseStatus[];
export const isOpenCaseStatus = (s: CaseStatus): boolean => (OPEN_CASE_STATUSES as readonly CaseStatus[]).includes(s);
export const isCaseStatus = (v: unknown): v is CaseStatus => typeof v === "string" && (CASE_STATUSES as readonly string[]).includes(v);
export const isCaseKind = (v: unknown): v is CaseKind => typeof v === "string" && (CASE_KINDS as readonly string[]).includes(v);

export const CASE_RESOLUTIONS = ["reprint", "refund", "rejected"] as const;
export type CaseResolution = (typeof CASE_RESOLUTIONS)[number];
export const CASE_RESOLUTION_LABELS: Record<CaseResolution, string> = {
  reprint: "Reprinted at no charge",
  refund: "Refunded",
  rejected: "Rejected",
};

/** Who caused the problem, and so who pays for the remedy. */
export const FAULT_CODES = ["print_shop_misprint", "print_shop_damage", "carrier_loss", "platform_error", "shopper_error"] as const;
export type FaultCode = (typeof FAULT_CODES)[number];
export const FAULT_LABELS: Record<FaultCode, string> = {
  print_shop_misprint: "Print shop: misprint",
  print_shop_damage: "Print shop: damaged in production or packing",
  carrier_loss: "Carrier: lost or damaged in transit",
  platform_error: "Platen: platform error",
  shopper_error: "Shopper: ordered or reported in error",
};
/** Who pays a reprint or a refund of that fault (a shopper's error is never remedied at someone else's cost). */
export const FAULT_PAYER: Record<FaultCode, "print_shop" | "platform" | "shopper"> = {
  print_shop_misprint: "print_shop",
  print_shop_damage: "print_shop",
  carrier_loss: "platform",
  platform_error: "platform",
  shopper_error: "shopper",
};
export const isFaultCode = (v: unknown): v is FaultCode => typeof v === "string" && (FAULT_CODES as readonly string[]).includes(v);

/** Who wrote a message. */
export type CaseAuthor = "shopper" | "print_shop" | "admin" | "platen";
export const CASE_AUTHOR_LABELS: Record<CaseAuthor, string> = {
  shopper: "Shopper",
  print_shop: "Print shop",
  admin: "Platen",
  platen: "Platen",
};
/** The side from which a page works on a case. */
export type CaseParty = "shopper" | "print_shop" | "admin";

export const CASE_PHOTO_MAX = 4;
/** Each photo: at most this big, and checked by content and pixel count like every upload. */
export const CASE_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const CASE_DESCRIPTION_MIN = 10;
export const CASE_DESCRIPTION_MAX = 5000;
export const CASE_MESSAGE_MAX = 5000;
/** The first answer (from Platen or the print shop) is due this long after a case opens. */
export const FIRST_RESPONSE_HOURS = 48;
/** Problems can be reported up to this many days after delivery. */
export const CASE_WINDOW_DAYS = 60;

/** "C-1001": how a case is named to everyone. */
export const caseRef = (n: number): string => `C-${n}`;

export interface CaseLineView {
  lineId: string;
  title: string;
  variantLabel: string;
  quantity: number;
  image: MockupRef | null;
}

export interface CaseMessageView {
  id: string;
  author: CaseAuthor;
  /** "You", "Platen", the print shop's name, the shopper's first name, an admin's name (for admins). */
  authorName: string;
  body: string;
  /** An internal note: admins and the print shop only, never shown to the shopper. */
  internal: boolean;
  at: Date;
}

export interface CaseHistoryEntry {
  at: Date;
  from: CaseStatus;
  to: CaseStatus;
  reason: string;
}

export interface CaseView {
  id: string;
  ref: string;
  status: CaseStatus;
  kind: CaseKind;
  description: string;
  orderId: string;
  orderNumber: string;
  groupId: string;
  fulfillerId: string;
  fulfillerName: string;
  fulfillerHandle: string | null;
  warehouseName: string;
  shopperName: string;
  /** Shown to admins and the print shop only. */
  shopperEmail: string | null;
  currency: string;
  lines: CaseLineView[];
  photoCount: number;
  openedAt: Date;
  firstResponseDueAt: Date;
  firstResponseAt: Date | null;
  /** No first answer yet and past its due time. */
  overdue: boolean;
  resolution: CaseResolution | null;
  faultCode: FaultCode | null;
  resolutionNote: string | null;
  refundMinor: number | null;
  reprintGroupId: string | null;
  resolvedAt: Date | null;
  closedAt: Date | null;
  messages: CaseMessageView[];
  history: CaseHistoryEntry[];
  /** What the viewing party may do now. */
  can: { reply: boolean; note: boolean; ask: boolean; resolve: boolean; close: boolean };
}

export interface CaseListRow {
  id: string;
  ref: string;
  status: CaseStatus;
  kind: CaseKind;
  orderId: string;
  orderNumber: string;
  fulfillerId: string;
  fulfillerName: string;
  warehouseName: string;
  shopperName: string;
  lineCount: number;
  openedAt: Date;
  firstResponseDueAt: Date;
  firstResponseAt: Date | null;
  overdue: boolean;
  lastActivityAt: Date;
  resolution: CaseResolution | null;
  faultCode: FaultCode | null;
}

/** A shipment held by an open case: the order pages and the print shop's floor show "On hold: case C-… open". */
export interface CaseHold {
  groupId: string;
  caseId: string;
  ref: string;
  status: CaseStatus;
}

/** A line the shopper may report, and whether an open case already covers it. */
export interface ReportableLine {
  lineId: string;
  groupId: string;
  title: string;
  variantLabel: string;
  /** Units that may be reported (bought less refunded). */
  quantity: number;
  image: MockupRef | null;
  /** Why it cannot be reported now (an open case, not shipped yet, too long ago...), or null. */
  blockedBy: string | null;
}
