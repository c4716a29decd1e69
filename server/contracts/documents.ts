// The print shop's documents as plain data (ADR 0018): modules shape them, the documents adapter
// (`server/infra/documents`) draws them with pdfkit and bwip-js. Every barcode is Code 128.
import type { PostalAddress } from "./ports.ts";

/** A 4×6 in shipping label (PDF 288 × 432 pt, and ZPL 812 × 1218 dots at 203 dpi). */
export interface LabelDocument {
  trackingNumber: string;
  carrierName: string;
  serviceName: string;
  from: PostalAddress;
  to: PostalAddress;
  weightGrams: number;
  /** The order's number (e.g. `PL-1042`), printed as the shipper's reference. */
  reference: string;
  shippedOn: Date;
  /** "Parcel 1 of 2" when the order comes in several. */
  parcel?: { index: number; count: number };
  /** The IANA time zone its dates are printed in (the warehouse's); UTC when absent. */
  timeZone?: string;
}

/** The packing slip in the parcel, in the selling store's name (seller branding at every print shop). */
export interface PackingSlipDocument {
  store: {
    name: string;
    /** The store's logo as PNG or JPEG bytes, when it has one. */
    logo?: Uint8Array | null;
    /** The store's message to its buyers ("Thank you for supporting an independent artist"). */
    message?: string;
    returnAddress?: PostalAddress | null;
  };
  orderNumber: string;
  placedAt: Date;
  shipTo: PostalAddress;
  lines: { title: string; color: string; size: string; sku: string; quantity: number }[];
  /** When the order comes in several parcels: this one's place and a note. */
  parcel?: { index: number; count: number };
  /** The IANA time zone its dates are printed in (the warehouse's); UTC when absent. */
  timeZone?: string;
}

/** The pick list of a batch: blanks by variant and bin, summed. */
export interface PickListDocument {
  batchRef: string;
  warehouseName: string;
  createdAt: Date;
  items: { sku: string; blankName: string; color: string; size: string; bin?: string | null; quantity: number }[];
  /** The IANA time zone its dates are printed in (the warehouse's); UTC when absent. */
  timeZone?: string;
}

/** The print sheet (job ticket) of a batch: each line's print files, quantity, order and barcode. */
export interface PrintSheetDocument {
  batchRef: string;
  warehouseName: string;
  createdAt: Date;
  lines: {
    /** What the line's Code 128 encodes (scanned on the floor to move the line on). */
    code: string;
    orderNumber: string;
    title: string;
    color: string;
    size: string;
    sku: string;
    quantity: number;
    dueOn: Date;
    files: { area: string; fileName: string; widthPx: number; heightPx: number; dpi: number; preview?: Uint8Array | null }[];
  }[];
  /** The IANA time zone its dates are printed in (the warehouse's); UTC when absent. */
  timeZone?: string;
}

/** The end-of-day hand-over to one carrier from one warehouse. */
export interface ManifestDocument {
  manifestRef: string;
  carrierName: string;
  warehouseName: string;
  origin: PostalAddress;
  createdAt: Date;
  shipments: {
    trackingNumber: string;
    serviceName: string;
    reference: string;
    weightGrams: number;
    to: { name: string; city: string; postalCode: string; country: string };
  }[];
  /** The IANA time zone its dates are printed in (the warehouse's); UTC when absent. */
  timeZone?: string;
}
