import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type {
  LabelDocument,
  ManifestDocument,
  PackingSlipDocument,
  PickListDocument,
  PrintSheetDocument,
} from "../../contracts/documents.ts";
import type { PostalAddress } from "../../contracts/ports.ts";
import { decodeBarcodes, decodePngBarcodes, pdfPageSizes, pdfPageTexts, pdfText } from "../../../tests/support/documents.ts";
import { code128Renderer } from "./barcode.ts";
import { addressLines } from "./text.ts";
import {
  FALLBACK_CHAR,
  labelPdf,
  labelZpl,
  manifestPdf,
  packingSlipPdf,
  pdfSafe,
  pickListPdf,
  pickRows,
  printSheetPdf,
  zplField,
} from "./index.ts";

const warehouse: PostalAddress = {
  name: "Inkwell Print Works",
  line1: "400 Foundry Street",
  line2: "Dock 3",
  city: "Portland",
  region: "OR",
  postalCode: "97209",
  country: "US",
};
const shopper: PostalAddress = {
  name: "Rosa Díaz",
  company: "Müller & Söhne",
  line1: "Hauptstraße 12",
  city: "Köln",
  region: "",
  postalCode: "50667",
  country: "DE",
};

const label = (over: Partial<LabelDocument> = {}): LabelDocument => ({
  trackingNumber: "LP123456785US",
  carrierName: "Platen Local Post",
  serviceName: "Ground (3–5 days)",
  from: warehouse,
  to: shopper,
  weightGrams: 1250,
  reference: "PL-1042",
  // 02:00 UTC on the 6th is still the 5th in Portland.
  shippedOn: new Date("2026-03-06T02:00:00Z"),
  parcel: { index: 1, count: 2 },
  timeZone: "America/Los_Angeles",
  ...over,
});

/** A small real PNG (a 3-colour logo or a print file's preview). */
const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** pdf.js puts a line break or a space between text runs; compare on single spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("pdfSafe", () => {
  it("keeps what Helvetica's WinAnsi draws and folds or replaces the rest", () => {
    expect(pdfSafe("Rosa Díaz, Müller, Œuvre, 5 €, “quoted” – ok…")).toBe("Rosa Díaz, Müller, Œuvre, 5 €, “quoted” – ok…");
    expect(pdfSafe("Łódź, Dvořák, Đorđe, Şule")).toBe("Lódz, Dvorák, Dorde, Sule");
    expect(pdfSafe("李小龙 😀 Жанна")).toBe(`${FALLBACK_CHAR.repeat(3)} ${FALLBACK_CHAR} ${FALLBACK_CHAR.repeat(5)}`);
    expect(pdfSafe("line\nbreak\ttab\u200bzero")).toBe("line break tabzero");
    // Decomposed input (e + combining acute) prints as the composed letter.
    expect(pdfSafe("Jose\u0301")).toBe("José");
  });
});

describe("addressLines", () => {
  it("writes the city line in the country's order and keeps the country when lines are joined to fit", () => {
    expect(addressLines(warehouse)).toEqual(["Inkwell Print Works", "400 Foundry Street", "Dock 3", "Portland, OR 97209", "UNITED STATES"]);
    expect(addressLines(shopper)).toEqual(["Rosa Díaz", "Müller & Söhne", "Hauptstraße 12", "50667 Köln", "GERMANY"]);
    const gb: PostalAddress = {
      name: "Ada Lovelace",
      company: "Analytical Engines Ltd",
      line1: "Flat 4, The Old Rectory",
      line2: "Little Snoring",
      city: "Fakenham",
      region: "Norfolk",
      postalCode: "NR21 0AA",
      country: "GB",
    };
    expect(addressLines(gb)).toHaveLength(8);
    expect(addressLines(gb, { maxLines: 7 })).toEqual([
      "Ada Lovelace",
      "Analytical Engines Ltd",
      "Flat 4, The Old Rectory",
      "Little Snoring",
      "Fakenham, Norfolk, NR21 0AA",
      "UNITED KINGDOM",
    ]);
    expect(addressLines(gb, { maxLines: 5 }).at(-1)).toBe("UNITED KINGDOM");
  });
});

describe("the shipping label (PDF)", () => {
  it("is exactly one 4×6 in page of 288 × 432 pt", async () => {
    const pdf = await labelPdf(label());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await pdfPageSizes(pdf)).toEqual([{ width: 288, height: 432 }]);
  });

  it("carries both addresses, the carrier, weight, reference, date, parcel and tracking number", async () => {
    const text = flat(await pdfText(await labelPdf(label())));
    for (const expected of [
      "Inkwell Print Works",
      "400 Foundry Street",
      "Portland, OR 97209",
      "Rosa Díaz",
      "Müller & Söhne",
      "Hauptstraße 12",
      "50667 Köln",
      "GERMANY",
      "Platen Local Post",
      "Ground (3–5 days)",
      "1.25 kg",
      "PL-1042",
      "5 Mar 2026",
      "Parcel 1 of 2",
      "LP123456785US",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("says nothing of parcels for a single one", async () => {
    expect(await pdfText(await labelPdf(label({ parcel: undefined })))).not.toContain("Parcel");
    expect(await pdfText(await labelPdf(label({ parcel: { index: 1, count: 1 } })))).not.toContain("Parcel");
  });

  it("has a Code 128 that decodes back to the tracking number", async () => {
    expect(await decodeBarcodes(await labelPdf(label()))).toEqual(["LP123456785US"]);
    // A long all-digit number (USPS-style, 22 digits) still fits the label and scans.
    const long = "9400111202555842761023";
    expect(await decodeBarcodes(await labelPdf(label({ trackingNumber: long })))).toEqual([long]);
  });

  it("prints names outside Latin-1 without failing, with a safe stand-in", async () => {
    const pdf = await labelPdf(label({ to: { ...shopper, name: "李小龙 😀", city: "Łódź", postalCode: "90-001", country: "PL" } }));
    const text = flat(await pdfText(pdf));
    expect(text).toContain("???");
    expect(text).toContain("90-001 Lódz");
    expect(await decodeBarcodes(pdf)).toEqual(["LP123456785US"]);
  });

  it("refuses a tracking number a barcode cannot carry", async () => {
    await expect(labelPdf(label({ trackingNumber: "LP 123\n" }))).rejects.toThrow(/tracking number/);
    expect(() => labelZpl(label({ trackingNumber: "^XZ" }))).toThrow(/tracking number/);
  });
});

describe("the shipping label (ZPL)", () => {
  it("is one 812 × 1218 dot label with a Code 128 of the tracking number", () => {
    const zpl = labelZpl(label());
    expect(zpl.startsWith("^XA")).toBe(true);
    expect(zpl.trimEnd().endsWith("^XZ")).toBe(true);
    expect(zpl).toContain("^PW812");
    expect(zpl).toContain("^LL1218");
    expect(zpl).toContain("^CI28");
    expect(zpl).toMatch(/\^BY\d,3,\d+\^BCN,\d+,Y,N,N,A\^FDLP123456785US\^FS/);
    expect(zpl).toContain("Parcel 1 of 2");
    expect(zpl).toContain("PL-1042");
    // Non-ASCII as UTF-8 hex behind ^FH: "Müller" -> M_C3_BCller.
    expect(zpl).toContain("^FH^FDRosa D_C3_ADaz^FS");
    expect(zpl).toContain("M_C3_BCller");
  });

  it("cannot be ended early or commanded by an address", () => {
    const zpl = labelZpl(
      label({
        to: { ...shopper, name: "Eve ^XZ^XA^FO0,0^FDpwned", line1: "~JA cancel all ~JR", line2: "under_score \\& back" },
        reference: "^XZ",
      }),
    );
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl.trimEnd().endsWith("^XZ")).toBe(true);
    expect(zpl).not.toContain("~");
    expect(zpl).not.toContain("pwned^FS^");
    expect(zpl).toContain("Eve _5EXZ_5EXA_5EFO0,0_5EFDpwned");
    expect(zpl).toContain("_7EJA cancel all _7EJR");
    expect(zplField("a_b\\c\r\nd")).toBe("a_5Fb_5Cc  d");
  });
});

describe("the packing slip", () => {
  const slip = async (over: Partial<PackingSlipDocument> = {}): Promise<PackingSlipDocument> => ({
    store: {
      name: "Rosa's Riso Shop",
      logo: await png(300, 120, "#c2185b"),
      message: "Thank you for supporting an independent artist. Every piece is printed to order.",
      returnAddress: { ...warehouse, name: "Rosa's Riso Shop returns" },
    },
    orderNumber: "PL-1042",
    placedAt: new Date("2026-03-02T15:00:00Z"),
    shipTo: shopper,
    lines: [
      { title: "Sunset Riso Tee", color: "Black", size: "M", sku: "TEE-BLK-M", quantity: 2 },
      { title: "Harbour Hoodie", color: "Heather grey", size: "XL", sku: "HOOD-GRY-XL", quantity: 1 },
    ],
    parcel: { index: 1, count: 2 },
    ...over,
  });

  it("is in the store's name with its message, return address, the order, ship-to, items and parcel note", async () => {
    const pdf = await packingSlipPdf(await slip());
    expect(await pdfPageSizes(pdf)).toEqual([{ width: 612, height: 792 }]);
    const text = flat(await pdfText(pdf));
    for (const expected of [
      "Rosa's Riso Shop",
      "Thank you for supporting an independent artist.",
      "Rosa's Riso Shop returns",
      "400 Foundry Street",
      "Order PL-1042",
      "2 Mar 2026",
      "Rosa Díaz",
      "Hauptstraße 12",
      "50667 Köln",
      "Sunset Riso Tee",
      "Black / M",
      "TEE-BLK-M",
      "Heather grey / XL",
      "HOOD-GRY-XL",
      "This order comes in 2 parcels; this is parcel 1.",
      "3 items in this parcel",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/platen/i);
  });

  it("says nothing of parcels for a single one, and prints without a logo, a message or unreadable logo bytes", async () => {
    const bare = await slip({ parcel: undefined });
    bare.store = { name: "Plain Store", logo: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]) };
    const text = flat(await pdfText(await packingSlipPdf(bare)));
    expect(text).toContain("Plain Store");
    expect(text).not.toContain("parcels");
  });

  it("continues a long order on further pages with every item and page numbers", async () => {
    const lines = Array.from({ length: 95 }, (_, i) => ({
      title: `Poster no. ${i + 1}`,
      color: "White",
      size: "A3",
      sku: `POS-${String(i + 1).padStart(3, "0")}`,
      quantity: 1,
    }));
    const pdf = await packingSlipPdf(await slip({ lines }));
    const sizes = await pdfPageSizes(pdf);
    expect(sizes.length).toBeGreaterThan(2);
    expect(sizes.every((s) => s.width === 612 && s.height === 792)).toBe(true);
    const pages = (await pdfPageTexts(pdf)).map(flat);
    const all = pages.join(" ");
    for (const line of lines) expect(all).toContain(line.sku);
    expect(pages[1]).toContain("(continued)");
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(all).toContain("95 items in this parcel");
  });
});

describe("the pick list", () => {
  const items: PickListDocument["items"] = [
    { sku: "TEE-BLK-L", blankName: "Heavyweight tee", color: "Black", size: "L", bin: "A10", quantity: 4 },
    { sku: "TEE-BLK-M", blankName: "Heavyweight tee", color: "Black", size: "M", bin: "A2", quantity: 3 },
    { sku: "HOOD-GRY-S", blankName: "Hoodie", color: "Grey", size: "S", bin: null, quantity: 1 },
    { sku: "TEE-BLK-M", blankName: "Heavyweight tee", color: "Black", size: "M", bin: "A2", quantity: 2 },
    { sku: "TEE-BLK-L", blankName: "Heavyweight tee", color: "Black", size: "L", bin: "A2", quantity: 1 },
  ];

  it("sums a variant per bin and sorts by bin (in reading order, no bin last) then SKU", () => {
    expect(pickRows(items).map((r) => `${r.bin ?? "-"} ${r.sku} ${r.quantity}`)).toEqual([
      "A2 TEE-BLK-L 1",
      "A2 TEE-BLK-M 5",
      "A10 TEE-BLK-L 4",
      "- HOOD-GRY-S 1",
    ]);
  });

  it("lists the rows in that order with totals, the batch's Code 128 and page numbers", async () => {
    const pdf = await pickListPdf({
      batchRef: "B-1001",
      warehouseName: "Portland main",
      createdAt: new Date("2026-03-05T16:00:00Z"),
      items,
      timeZone: "America/Los_Angeles",
    });
    const text = flat(await pdfText(pdf));
    const order = ["A2 TEE-BLK-L", "A2 TEE-BLK-M", "A10 TEE-BLK-L", "No bin HOOD-GRY-S"].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain("Total: 11 units of 4 variants");
    expect(text).toContain("Portland main");
    expect(text).toContain("5 Mar 2026, 08:00 (America/Los_Angeles)");
    expect(text).toContain("Page 1 of 1");
    expect(await decodeBarcodes(pdf)).toEqual(["B-1001"]);
  });
});

describe("the print sheet", () => {
  const sheetLine = (i: number, preview?: Uint8Array): PrintSheetDocument["lines"][number] => ({
    code: `PRL-${String(10000 + i)}`,
    orderNumber: `PL-${1000 + Math.floor(i / 2)}`,
    title: `Sunset Riso Tee no. ${i}`,
    color: "Black",
    size: ["S", "M", "L", "XL"][i % 4]!,
    sku: `TEE-BLK-${i}`,
    quantity: 1 + (i % 3),
    dueOn: new Date(Date.UTC(2026, 2, 5 + (i % 3), 12)),
    files: [
      { area: "Front", fileName: `pl-${i}-front.png`, widthPx: 3600, heightPx: 4800, dpi: 300, preview },
      ...(i % 2 ? [{ area: "Back", fileName: `pl-${i}-back.png`, widthPx: 3000, heightPx: 3000, dpi: 300 }] : []),
    ],
  });
  const sheet = (lines: PrintSheetDocument["lines"]): PrintSheetDocument => ({
    batchRef: "B-1001",
    warehouseName: "Portland main",
    createdAt: new Date("2026-03-05T16:00:00Z"),
    lines,
  });

  it("has a block per line with its files and a Code 128 that decodes to the line's code", async () => {
    const preview = await png(64, 64, "#ff9800");
    const lines = Array.from({ length: 14 }, (_, i) => sheetLine(i, i % 3 === 0 ? preview : undefined));
    const pdf = await printSheetPdf(sheet(lines));
    const text = flat(await pdfText(pdf));
    for (const line of lines) {
      expect(text).toContain(line.orderNumber);
      expect(text).toContain(line.title);
      expect(text).toContain(line.sku);
      for (const file of line.files) expect(text).toContain(file.fileName);
    }
    expect(text).toContain("3600 × 4800 px at 300 dpi (12 × 16 in)");
    expect(text).toContain("Due 5 Mar 2026");
    const units = lines.reduce((sum, l) => sum + l.quantity, 0);
    expect(text).toContain(`14 lines, ${units} units`);
    const codes = await decodeBarcodes(pdf);
    expect(codes).toEqual(lines.map((l) => l.code));
  });

  it("renders a batch of 500 lines, every one of them, over numbered pages", async () => {
    const lines = Array.from({ length: 500 }, (_, i) => sheetLine(i));
    const pdf = await printSheetPdf(sheet(lines));
    const pages = (await pdfPageTexts(pdf)).map(flat);
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.every((p) => /PRL-\d+/.test(p))).toBe(true);
    expect(pages.at(-1)).toContain("PRL-10499");
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });
});

describe("the manifest", () => {
  const manifest = (count: number): ManifestDocument => ({
    manifestRef: "MF-1001",
    carrierName: "Platen Local Post",
    warehouseName: "Portland main",
    origin: warehouse,
    createdAt: new Date("2026-03-05T23:00:00Z"),
    timeZone: "America/Los_Angeles",
    shipments: Array.from({ length: count }, (_, i) => ({
      trackingNumber: `LP${String(10000000 + i)}5US`,
      serviceName: i % 2 ? "Express" : "Ground",
      reference: `PL-${2000 + i}`,
      weightGrams: 250 + i,
      to: { name: i === 0 ? "Rosa Díaz" : `Buyer ${i}`, city: "Köln", postalCode: "50667", country: "DE" },
    })),
  });

  it("lists every shipment with totals, carrier, origin and date, under its ref's Code 128", async () => {
    const doc = manifest(3);
    const pdf = await manifestPdf(doc);
    expect(await pdfPageSizes(pdf)).toEqual([{ width: 612, height: 792 }]);
    const text = flat(await pdfText(pdf));
    for (const s of doc.shipments) {
      expect(text).toContain(s.trackingNumber);
      expect(text).toContain(s.reference);
    }
    for (const expected of [
      "Platen Local Post",
      "From Portland main",
      "400 Foundry Street",
      "Portland, OR 97209",
      "5 Mar 2026, 15:00 (America/Los_Angeles)",
      "Rosa Díaz, 50667 Köln, DE",
      "Express",
      "251 g",
      "3 shipments, 753 g in all",
    ]) {
      expect(text).toContain(expected);
    }
    expect(await decodeBarcodes(pdf)).toEqual(["MF-1001"]);
  });

  it("continues a long list over pages, never leaving a page without shipments", async () => {
    for (const count of [1, 20, 28, 29, 30, 31, 32, 33, 34, 60, 70, 71, 72, 73, 74, 75, 76, 77, 78, 200]) {
      const pages = (await pdfPageTexts(await manifestPdf(manifest(count)))).map(flat);
      expect(
        pages.every((p) => /LP\d{8}5US/.test(p)),
        `${count} shipments`,
      ).toBe(true);
      const all = pages.join(" ");
      expect(all).toContain(`LP${String(10000000 + count - 1)}5US`);
      expect(all).toContain(`${count} ${count === 1 ? "shipment" : "shipments"}`);
      expect(pages.at(-1)).toContain("Received by (carrier)");
    }
  });

  it("refuses a manifest without shipments", async () => {
    await expect(manifestPdf(manifest(0))).rejects.toThrow(/no shipments/);
  });
});

describe("barcode images", () => {
  it("are grey PNGs on white with a quiet zone, readable on their own", async () => {
    const image = await code128Renderer()("PRL-10001", { modulePx: 2, barHeightPx: 40, padPx: 2 });
    const meta = await sharp(image.png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.channels).toBe(1);
    const { data, info } = await sharp(image.png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(image.widthPx);
    // The first and last 10 modules (20 px) of every row are white.
    for (let y = 0; y < image.heightPx; y++) {
      const row = data.subarray(y * image.widthPx, (y + 1) * image.widthPx);
      expect(Math.min(...row.subarray(0, 20)), `row ${y}`).toBe(255);
      expect(Math.min(...row.subarray(image.widthPx - 20)), `row ${y}`).toBe(255);
    }
    expect(await decodePngBarcodes(image.png)).toEqual(["PRL-10001"]);
  });

  it("refuse text a scanner cannot type back", () => {
    expect(() => code128Renderer()("naïve", { modulePx: 2, barHeightPx: 40 })).toThrow(/printable ASCII/);
  });
});
