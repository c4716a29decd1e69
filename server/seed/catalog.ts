// Demo catalogue: the fulfiller @print-works with its blanks (generated templates), and 84+ published
// products over the six demo stores with generated artwork and mockups. Idempotent.
import { eq, and, inArray } from "drizzle-orm";
import type { Db } from "../infra/db/index.ts";
import { artworks, products } from "../modules/catalog/schema.ts";
import { users } from "../modules/identity/schema.ts";
import {
  generateDemoArtwork,
  generateTemplate,
  TEMPLATE_SIZE,
  templateArea,
  templateFingerprint,
  type DemoArtStyle,
  type DemoArtworkOptions,
} from "../infra/images/index.ts";
import { logger } from "../infra/logger/index.ts";
import { storage } from "../infra/storage/index.ts";
import { systemCtx, type Ctx } from "../kernel/index.ts";
import { saveProduct, uploadArtwork } from "../modules/catalog/index.ts";
import {
  createBlank,
  createFulfiller,
  createWarehouse,
  getFulfillerByHandle,
  listBlanks,
  listBlanksOfFulfiller,
  listWarehouses,
  type BlankInput,
  type Category,
  type PrintAreaKey,
  type TemplateRect,
  type WarehouseInput,
} from "../modules/fulfillment/index.ts";
import { getStoreByHandle } from "../modules/stores/index.ts";

const sys = (db: Db): Ctx => systemCtx(db, "demo catalogue");

// ---- blanks ---------------------------------------------------------------------------------

type Color = [name: string, hex: string];
interface BlankSpec {
  code: string;
  name: string;
  category: Category;
  description: string;
  brand: string;
  material: string;
  productionDays: number;
  colors: Color[];
  sizes: string[];
  /** Base cost per size (minor units); one number = every size. */
  cost: number | Record<string, number>;
  weight: number | Record<string, number>;
  areas: { key: PrintAreaKey; label: string; widthIn: number; heightIn: number; dpi?: number }[];
  sizeGuide?: Record<string, Record<string, string>>;
}

const TEE_COLORS: Color[] = [
  ["White", "#f5f5f2"],
  ["Black", "#1d1d1f"],
  ["Heather grey", "#9ea2a6"],
  ["Navy", "#1f2a44"],
  ["Forest green", "#2e4a36"],
  ["Maroon", "#6b2230"],
  ["Mustard", "#d8a531"],
  ["Sky blue", "#8ec3e6"],
];
const ADULT = ["XS", "S", "M", "L", "XL", "2XL"];
const teeGuide = (chest: number[], length: number[]) =>
  Object.fromEntries(ADULT.map((s, i) => [s, { "Chest (in)": `${chest[i]}`, "Length (in)": `${length[i]}` }]));

export const DEMO_BLANKS: BlankSpec[] = [
  {
    code: "TEE-CL",
    name: "Classic tee",
    category: "t-shirts",
    description:
      "Soft, mid-weight 100% ring-spun cotton tee with a regular fit and a ribbed crew neck. Our best-seller for everyday designs.",
    brand: "Platen Basics",
    material: "100% ring-spun cotton, 150 g/m²",
    productionDays: 2,
    colors: TEE_COLORS,
    sizes: ADULT,
    cost: { XS: 850, S: 850, M: 850, L: 850, XL: 900, "2XL": 1050 },
    weight: { XS: 140, S: 150, M: 165, L: 180, XL: 195, "2XL": 210 },
    areas: [
      { key: "front", label: "Front", widthIn: 12, heightIn: 16 },
      { key: "back", label: "Back", widthIn: 12, heightIn: 16 },
      { key: "sleeve", label: "Left sleeve", widthIn: 3.5, heightIn: 3.5 },
    ],
    sizeGuide: teeGuide([31, 34, 38, 42, 46, 50], [27, 28, 29, 30, 31, 32]),
  },
  {
    code: "TEE-HW",
    name: "Heavyweight tee",
    category: "t-shirts",
    description: "A boxy, heavyweight tee in thick 220 g/m² cotton that holds its shape wash after wash. Dropped shoulders, wide neck rib.",
    brand: "Platen Heavy",
    material: "100% combed cotton, 220 g/m²",
    productionDays: 3,
    colors: TEE_COLORS.slice(0, 6),
    sizes: ADULT.slice(1),
    cost: 1250,
    weight: 240,
    areas: [
      { key: "front", label: "Front", widthIn: 12, heightIn: 16 },
      { key: "back", label: "Back", widthIn: 14, heightIn: 18 },
    ],
    sizeGuide: teeGuide([0, 40, 43, 46, 49, 52], [0, 28, 29, 30, 31, 32]),
  },
  {
    code: "TEE-KID",
    name: "Kids tee",
    category: "t-shirts",
    description: "A comfy cotton tee for kids from 3 to 12, tagless, with a taped neck that does not scratch.",
    brand: "Platen Basics",
    material: "100% cotton, 145 g/m²",
    productionDays: 2,
    colors: [TEE_COLORS[0]!, TEE_COLORS[1]!, TEE_COLORS[2]!, TEE_COLORS[6]!, TEE_COLORS[7]!],
    sizes: ["3-4Y", "5-6Y", "7-8Y", "9-10Y", "11-12Y"],
    cost: 700,
    weight: 100,
    areas: [{ key: "front", label: "Front", widthIn: 9, heightIn: 11 }],
  },
  {
    code: "HOOD-PO",
    name: "Pullover hoodie",
    category: "hoodies",
    description: "A cosy fleece-lined pullover hoodie with a double-layer hood, kangaroo pocket and ribbed cuffs.",
    brand: "Platen Cosy",
    material: "80% cotton, 20% recycled polyester, 300 g/m²",
    productionDays: 3,
    colors: [TEE_COLORS[1]!, TEE_COLORS[2]!, TEE_COLORS[3]!, TEE_COLORS[4]!, TEE_COLORS[5]!, ["Sand", "#d9c7a6"]],
    sizes: ADULT.slice(1),
    cost: { S: 1900, M: 1900, L: 1900, XL: 2000, "2XL": 2200 },
    weight: 520,
    areas: [
      { key: "front", label: "Front", widthIn: 11, heightIn: 10 },
      { key: "back", label: "Back", widthIn: 13, heightIn: 16 },
    ],
  },
  {
    code: "HOOD-ZIP",
    name: "Zip hoodie",
    category: "hoodies",
    description: "A full-zip hoodie with metal zipper, side pockets and a brushed fleece inside. The design goes on the back.",
    brand: "Platen Cosy",
    material: "80% cotton, 20% polyester, 300 g/m²",
    productionDays: 4,
    colors: [TEE_COLORS[1]!, TEE_COLORS[2]!, TEE_COLORS[3]!, TEE_COLORS[4]!],
    sizes: ADULT.slice(1),
    cost: 2350,
    weight: 560,
    areas: [{ key: "back", label: "Back", widthIn: 13, heightIn: 16 }],
  },
  {
    code: "MUG-11",
    name: "11 oz mug",
    category: "mugs",
    description: "A glossy ceramic mug, dishwasher and microwave safe, printed all the way around the body.",
    brand: "Platen Home",
    material: "Ceramic, glossy glaze",
    productionDays: 3,
    colors: [
      ["White", "#fafafa"],
      ["Black", "#1b1b1b"],
      ["Pastel pink", "#f4c9d2"],
      ["Mint", "#bfe6d3"],
    ],
    sizes: ["11 oz"],
    cost: 650,
    weight: 350,
    areas: [{ key: "wrap", label: "Wrap", widthIn: 8.5, heightIn: 3.5 }],
  },
  {
    code: "MUG-15",
    name: "15 oz mug",
    category: "mugs",
    description: "The big one: a 15 oz ceramic mug for serious coffee, with a comfortable C-handle.",
    brand: "Platen Home",
    material: "Ceramic, glossy glaze",
    productionDays: 3,
    colors: [
      ["White", "#fafafa"],
      ["Black", "#1b1b1b"],
      ["Navy", "#1f2a44"],
    ],
    sizes: ["15 oz"],
    cost: 800,
    weight: 450,
    areas: [{ key: "wrap", label: "Wrap", widthIn: 8.5, heightIn: 4 }],
  },
  {
    code: "PST-MAT",
    name: "Matte poster",
    category: "posters",
    description: "Museum-quality poster on thick 200 g/m² matte paper with rich, fade-resistant inks.",
    brand: "Platen Print",
    material: "200 g/m² matte paper",
    productionDays: 2,
    colors: [
      ["White paper", "#fbfbf8"],
      ["Natural paper", "#f1ead8"],
      ["Light grey paper", "#e6e6e6"],
    ],
    sizes: ['12×16"', '18×24"', '24×36"'],
    cost: { '12×16"': 900, '18×24"': 1300, '24×36"': 1900 },
    weight: { '12×16"': 120, '18×24"': 220, '24×36"': 380 },
    areas: [{ key: "front", label: "Print", widthIn: 12, heightIn: 16, dpi: 200 }],
  },
  {
    code: "PST-FRM",
    name: "Framed poster",
    category: "posters",
    description: "Matte poster in a solid wood frame with shatterproof acrylic glass, ready to hang.",
    brand: "Platen Print",
    material: "Wood frame, acrylic glass, 200 g/m² matte paper",
    productionDays: 4,
    colors: [
      ["Black frame", "#202020"],
      ["White frame", "#f3f3f0"],
      ["Oak frame", "#b98b55"],
      ["Walnut frame", "#5b3a29"],
    ],
    sizes: ['12×16"', '18×24"'],
    cost: { '12×16"': 3200, '18×24"': 4600 },
    weight: { '12×16"': 1100, '18×24"': 1900 },
    areas: [{ key: "front", label: "Print", widthIn: 12, heightIn: 16, dpi: 200 }],
  },
  {
    code: "STK-DC",
    name: "Die-cut sticker",
    category: "stickers",
    description: "A durable vinyl sticker cut to the shape of your design. Waterproof and scratch resistant, great on laptops and bottles.",
    brand: "Platen Stick",
    material: "Vinyl, matte laminate",
    productionDays: 2,
    colors: [
      ["White vinyl", "#ffffff"],
      ["Clear vinyl", "#e8eef2"],
      ["Holographic", "#c9c2e8"],
    ],
    sizes: ['3×3"', '4×4"', '5.5×5.5"'],
    cost: { '3×3"': 150, '4×4"': 200, '5.5×5.5"': 260 },
    weight: 10,
    areas: [{ key: "front", label: "Sticker", widthIn: 4, heightIn: 4 }],
  },
  {
    code: "STK-SH",
    name: "Sticker sheet",
    category: "stickers",
    description: "A kiss-cut sheet of stickers on one A5 page: your design repeated or arranged as a set.",
    brand: "Platen Stick",
    material: "Vinyl on paper backing",
    productionDays: 2,
    colors: [
      ["White", "#ffffff"],
      ["Kraft", "#c9a97a"],
      ["Clear", "#e8eef2"],
    ],
    sizes: ["A5"],
    cost: 380,
    weight: 20,
    areas: [{ key: "front", label: "Sheet", widthIn: 5.8, heightIn: 8.3 }],
  },
  {
    code: "TOTE",
    name: "Tote bag",
    category: "tote-bags",
    description: "A sturdy organic cotton tote with long handles that fit over the shoulder. Holds a week of groceries.",
    brand: "Platen Carry",
    material: "100% organic cotton canvas, 280 g/m²",
    productionDays: 3,
    colors: [
      ["Natural", "#efe6d2"],
      ["Black", "#1d1d1f"],
      ["Navy", "#1f2a44"],
      ["Brick red", "#9c3b2e"],
    ],
    sizes: ["One size"],
    cost: 720,
    weight: 180,
    areas: [{ key: "front", label: "Front", widthIn: 11, heightIn: 13 }],
  },
  {
    code: "CASE",
    name: "Phone case",
    category: "phone-cases",
    description: "A slim, shock-absorbing phone case with a glossy printed back and raised edges that protect the camera.",
    brand: "Platen Tech",
    material: "Polycarbonate shell, TPU lining",
    productionDays: 3,
    colors: [
      ["Black", "#1d1d1f"],
      ["Clear", "#e8eef2"],
      ["Navy", "#1f2a44"],
      ["Sage", "#a9b8a0"],
    ],
    sizes: ["iPhone 15", "iPhone 15 Pro", "Galaxy S24"],
    cost: 900,
    weight: 40,
    areas: [{ key: "back", label: "Back", widthIn: 2.9, heightIn: 5.8 }],
  },
];

const skuPart = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "")
    .slice(0, 12);

async function userId(db: Db, email: string): Promise<string | null> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, email)).limit(1);
  return u?.id ?? null;
}

/**
 * Renders each template once (colour x area), in a small pool. A template is stored under its
 * fingerprint, so one already in storage (a test directory kept between runs and engines) is not
 * rendered again.
 */
async function templatesFor(spec: BlankSpec): Promise<{
  byColor: Map<string, Record<string, { key: string }>>;
  area: Map<string, { width: number; height: number; rect: TemplateRect }>;
}> {
  const byColor = new Map<string, Record<string, { key: string }>>();
  const area = new Map<string, { width: number; height: number; rect: TemplateRect }>();
  const jobs = spec.colors.flatMap(([name, hex]) => spec.areas.map((a) => ({ name, hex, areaKey: a.key })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const j = jobs[next++]!;
      const fingerprint = templateFingerprint(spec.category, j.areaKey, j.hex);
      const key = `templates/${spec.code.toLowerCase()}/${j.areaKey}-${j.hex.slice(1).toLowerCase()}-${fingerprint}.png`;
      if (!(await storage().exists(key))) {
        const t = await generateTemplate(spec.category, j.areaKey, j.hex);
        await storage().put(key, t.png, { contentType: "image/png" });
      }
      const { rect } = templateArea(spec.category, j.areaKey);
      if (!area.has(j.areaKey)) area.set(j.areaKey, { width: TEMPLATE_SIZE, height: TEMPLATE_SIZE, rect: { ...rect } });
      const rec = byColor.get(j.name) ?? {};
      rec[j.areaKey] = { key };
      byColor.set(j.name, rec);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return { byColor, area };
}

export async function seedDemoBlanks(db: Db): Promise<number> {
  const ctx = sys(db);
  const ownerId = await userId(db, "fulfiller@demo.platen.test");
  if (!ownerId) return 0;
  const fulfiller =
    (await getFulfillerByHandle(ctx, "print-works")) ??
    (await createFulfiller(ctx, {
      handle: "print-works",
      name: "Platen Print Works",
      ownerUserId: ownerId,
      description: "Screen, DTG and sublimation printing in Portland and Leipzig: apparel, drinkware, paper goods and accessories.",
      capabilities: ["dtg", "sublimation", "screen", "giclee", "vinyl"],
    }));
  const warehouses = await listWarehouses(ctx, fulfiller.id);
  const warehouse = async (input: WarehouseInput) =>
    warehouses.find((w) => w.name === input.name) ?? (await createWarehouse(ctx, { fulfillerId: fulfiller.id, ...input }));
  const portland = await warehouse({ name: "Portland, OR", country: "US", region: "OR", city: "Portland" });
  const leipzig = await warehouse({ name: "Leipzig", country: "DE", city: "Leipzig" });
  const existing = new Set((await listBlanksOfFulfiller(ctx, fulfiller.id)).map((b) => b.name));
  let created = 0;
  const started = Date.now();
  for (const spec of DEMO_BLANKS) {
    if (existing.has(spec.name)) continue;
    const t = await templatesFor(spec);
    const cost = (size: string) => (typeof spec.cost === "number" ? spec.cost : (spec.cost[size] ?? 0));
    const weight = (size: string) => (typeof spec.weight === "number" ? spec.weight : (spec.weight[size] ?? 0));
    const input: BlankInput = {
      fulfillerId: fulfiller.id,
      name: spec.name,
      category: spec.category,
      description: spec.description,
      brand: spec.brand,
      material: spec.material,
      productionDays: spec.productionDays,
      sizeGuide: spec.sizeGuide
        ? Object.fromEntries(Object.entries(spec.sizeGuide).filter(([, v]) => !Object.values(v).includes("0")))
        : {},
      areas: spec.areas.map((a) => {
        const g = t.area.get(a.key)!;
        return {
          key: a.key,
          label: a.label,
          widthIn: a.widthIn,
          heightIn: a.heightIn,
          requiredDpi: a.dpi ?? 300,
          templateWidth: g.width,
          templateHeight: g.height,
          templateRect: g.rect,
        };
      }),
      colors: spec.colors.map(([name, hex]) => ({ name, hex, templates: t.byColor.get(name) ?? {} })),
      variants: spec.colors.flatMap(([name]) =>
        spec.sizes.map((size) => ({
          color: name,
          size,
          sku: `PW-${spec.code}-${skuPart(name)}-${skuPart(size)}`,
          baseCostMinor: cost(size),
          weightGrams: weight(size),
        })),
      ),
      warehouseIds:
        spec.category === "posters" || spec.category === "stickers"
          ? [portland.id, leipzig.id]
          : spec.code === "CASE"
            ? [portland.id]
            : spec.category === "mugs"
              ? [leipzig.id] // drinkware is made in Leipzig only: a US order of a tee and a mug ships in two parcels
              : [portland.id, leipzig.id],
    };
    await createBlank(ctx, input);
    created++;
  }
  if (created) logger().info({ blanks: created, ms: Date.now() - started }, "demo blanks and templates");
  return created;
}

// ---- products -------------------------------------------------------------------------------

export interface Design {
  title: string;
  /** The words drawn on the artwork (lettering and badges draw the first two words). */
  words: string;
  /** What the artwork shows, chosen to match the title: "geometric" draws shapes and no words. */
  style: DemoArtStyle;
  tags: string[];
  blurb: string;
}

/** How a design's artwork is generated: its own style and words, so the picture matches the title. */
export const demoArtOptions = (design: Design): DemoArtworkOptions => ({ style: design.style, text: design.words, size: 1800 });

/** Five designs per store; each goes on several products (as artists do). */
export const DESIGNS: Record<string, Design[]> = {
  inkwell: [
    {
      title: "Night Bloom",
      words: "NIGHT BLOOM",
      style: "bloom",
      tags: ["floral", "moon", "night", "botanical"],
      blurb: "Moonlit peonies drawn in ink and washed in deep indigo.",
    },
    {
      title: "Ink Fox",
      words: "INK FOX",
      style: "lettering",
      tags: ["fox", "animal", "ink", "forest"],
      blurb: "A curious fox sketched in a single flowing line of ink.",
    },
    {
      title: "Paper Cranes",
      words: "PAPER CRANES",
      style: "lettering",
      tags: ["origami", "crane", "japan", "birds"],
      blurb: "A flight of origami cranes folding into the sunset.",
    },
    {
      title: "Quiet Harbour",
      words: "QUIET HARBOUR",
      style: "waves",
      tags: ["sea", "boats", "harbour", "calm"],
      blurb: "Fishing boats resting in a still, misty harbour at dawn.",
    },
    {
      title: "Letterpress Love",
      words: "LETTERPRESS LOVE",
      style: "lettering",
      tags: ["typography", "love", "letterpress", "vintage"],
      blurb: "Bold letterpress type with the warm texture of old paper.",
    },
  ],
  "print-works-studio": [
    {
      title: "Halftone Sun",
      words: "HALFTONE SUN",
      style: "sunset",
      tags: ["sun", "halftone", "retro", "summer"],
      blurb: "A retro sun rendered in chunky halftone dots.",
    },
    {
      title: "Workshop Tools",
      words: "WORKSHOP TOOLS",
      style: "lettering",
      tags: ["tools", "maker", "workshop", "diy"],
      blurb: "A tidy wall of workshop tools for people who make things.",
    },
    {
      title: "Press Run",
      words: "PRESS RUN",
      style: "lettering",
      tags: ["printing", "press", "typography", "craft"],
      blurb: "A tribute to the hum of the printing press on a long run.",
    },
    {
      title: "Cyan Magenta Yellow",
      words: "CMYK",
      style: "geometric",
      tags: ["cmyk", "colour", "abstract", "print"],
      blurb: "Overlapping circles of cyan, magenta and yellow.",
    },
    {
      title: "Grid Study",
      words: "GRID STUDY",
      style: "geometric",
      tags: ["geometric", "grid", "minimal", "modern"],
      blurb: "A minimal study of lines, squares and one bright accent.",
    },
  ],
  "mara-okafor": [
    {
      title: "Savanna Dusk",
      words: "SAVANNA DUSK",
      style: "sunset",
      tags: ["africa", "savanna", "sunset", "landscape"],
      blurb: "Acacia trees against an orange dusk sky.",
    },
    {
      title: "Golden Braids",
      words: "GOLDEN BRAIDS",
      style: "lettering",
      tags: ["portrait", "pattern", "gold", "culture"],
      blurb: "A portrait woven from golden braids and bold pattern.",
    },
    {
      title: "Market Day",
      words: "MARKET DAY",
      style: "lettering",
      tags: ["market", "fruit", "colourful", "city"],
      blurb: "The colours of a busy Lagos market on a Saturday morning.",
    },
    {
      title: "Kente Waves",
      words: "KENTE WAVES",
      style: "waves",
      tags: ["kente", "pattern", "waves", "textile"],
      blurb: "Kente-inspired stripes flowing like ocean waves.",
    },
    {
      title: "Baobab",
      words: "BAOBAB",
      style: "moon",
      tags: ["tree", "baobab", "nature", "africa"],
      blurb: "An ancient baobab tree under a sky full of stars.",
    },
  ],
  "kenji-draws": [
    {
      title: "Ramen Cat",
      words: "RAMEN CAT",
      style: "lettering",
      tags: ["cat", "ramen", "kawaii", "food"],
      blurb: "A very serious cat slurping a very big bowl of ramen.",
    },
    {
      title: "Mount Fuji Waves",
      words: "FUJI",
      style: "mountains",
      tags: ["fuji", "mountain", "waves", "japan"],
      blurb: "Mount Fuji behind curling ukiyo-e style waves.",
    },
    {
      title: "Neon Tokyo",
      words: "NEON TOKYO",
      style: "lettering",
      tags: ["tokyo", "neon", "city", "night"],
      blurb: "Rainy Tokyo streets glowing in pink and blue neon.",
    },
    {
      title: "Koi Pond",
      words: "KOI POND",
      style: "waves",
      tags: ["koi", "fish", "pond", "zen"],
      blurb: "Two koi circling each other in a calm green pond.",
    },
    {
      title: "Robot Gardener",
      words: "ROBOT GARDENER",
      style: "lettering",
      tags: ["robot", "garden", "plants", "cute"],
      blurb: "A small robot tending its windowsill tomatoes.",
    },
  ],
  "lumen-co": [
    {
      title: "Aurora Lines",
      words: "AURORA",
      style: "waves",
      tags: ["aurora", "northern lights", "sky", "gradient"],
      blurb: "Northern lights drawn as soft, glowing gradient lines.",
    },
    {
      title: "Sunrise Mountains",
      words: "SUNRISE",
      style: "mountains",
      tags: ["mountains", "sunrise", "hiking", "outdoors"],
      blurb: "Layered mountain ridges at the first light of day.",
    },
    {
      title: "Lighthouse",
      words: "LIGHTHOUSE",
      style: "waves",
      tags: ["lighthouse", "sea", "coast", "night"],
      blurb: "A lighthouse beam sweeping across a dark, calm sea.",
    },
    {
      title: "Prism",
      words: "PRISM",
      style: "geometric",
      tags: ["prism", "light", "rainbow", "geometric"],
      blurb: "White light splitting into a rainbow through a glass prism.",
    },
    {
      title: "Firefly Summer",
      words: "FIREFLY SUMMER",
      style: "moon",
      tags: ["fireflies", "summer", "night", "meadow"],
      blurb: "A meadow at dusk full of blinking fireflies.",
    },
  ],
  fernwood: [
    {
      title: "Fern Study",
      words: "FERN STUDY",
      style: "bloom",
      tags: ["fern", "botanical", "green", "nature"],
      blurb: "A botanical study of unfurling fern fronds.",
    },
    {
      title: "Mushroom Forest",
      words: "MUSHROOM FOREST",
      style: "lettering",
      tags: ["mushroom", "forest", "cottagecore", "nature"],
      blurb: "Toadstools and moss on the forest floor after the rain.",
    },
    {
      title: "Wild Bees",
      words: "SAVE THE BEES",
      style: "bloom",
      tags: ["bees", "honey", "flowers", "wildlife"],
      blurb: "Wild bees busy among clover and lavender.",
    },
    {
      title: "Pine Ridge",
      words: "PINE RIDGE",
      style: "mountains",
      tags: ["pine", "trees", "camping", "outdoors"],
      blurb: "A ridge of pine trees under a pale winter moon.",
    },
    {
      title: "Autumn Leaves",
      words: "AUTUMN",
      style: "bloom",
      tags: ["autumn", "leaves", "fall", "seasons"],
      blurb: "Maple and oak leaves tumbling in warm autumn colours.",
    },
  ],
};

/** Which blank each design goes on, by position: 14 products per store, over all categories. */
const PLAN: { blank: string; design: number; price: number; colors: number }[] = [
  { blank: "Classic tee", design: 0, price: 2400, colors: 5 },
  { blank: "Classic tee", design: 1, price: 2400, colors: 4 },
  { blank: "Heavyweight tee", design: 2, price: 3200, colors: 4 },
  { blank: "Kids tee", design: 3, price: 1900, colors: 3 },
  { blank: "Pullover hoodie", design: 0, price: 4800, colors: 4 },
  { blank: "Zip hoodie", design: 4, price: 5400, colors: 3 },
  { blank: "11 oz mug", design: 1, price: 1600, colors: 3 },
  { blank: "15 oz mug", design: 2, price: 1900, colors: 3 },
  { blank: "Matte poster", design: 3, price: 2200, colors: 3 },
  { blank: "Framed poster", design: 0, price: 6400, colors: 4 },
  { blank: "Die-cut sticker", design: 4, price: 600, colors: 3 },
  { blank: "Sticker sheet", design: 1, price: 800, colors: 3 },
  { blank: "Tote bag", design: 2, price: 2000, colors: 4 },
  { blank: "Phone case", design: 3, price: 2600, colors: 4 },
];

const NOUN: Record<string, string> = {
  "Classic tee": "T-shirt",
  "Heavyweight tee": "Heavyweight T-shirt",
  "Kids tee": "Kids T-shirt",
  "Pullover hoodie": "Hoodie",
  "Zip hoodie": "Zip Hoodie",
  "11 oz mug": "Mug",
  "15 oz mug": "Large Mug",
  "Matte poster": "Poster",
  "Framed poster": "Framed Print",
  "Die-cut sticker": "Sticker",
  "Sticker sheet": "Sticker Sheet",
  "Tote bag": "Tote Bag",
  "Phone case": "Phone Case",
};

export async function seedDemoProducts(db: Db): Promise<number> {
  const ctx = sys(db);
  const catalogue = await listBlanks(ctx);
  if (!catalogue.length) return 0;
  const byName = new Map(catalogue.map((b) => [b.name, b]));
  const started = Date.now();
  let created = 0;
  let storeIndex = 0;
  for (const [handle, designs] of Object.entries(DESIGNS)) {
    storeIndex++;
    const store = await getStoreByHandle(ctx, handle);
    if (!store) continue;
    const titles = new Set(
      (await db.select({ title: products.title }).from(products).where(eq(products.storeId, store.id))).map((p) => p.title),
    );
    const artIds = new Map<number, string>();
    for (const [i, plan] of PLAN.entries()) {
      const blank = byName.get(plan.blank);
      const design = designs[(plan.design + storeIndex) % designs.length]!;
      const title = `${design.title} ${NOUN[plan.blank] ?? plan.blank}`;
      if (!blank || titles.has(title)) continue;
      let artworkId = artIds.get(plan.design);
      if (!artworkId) {
        const { png } = await generateDemoArtwork(storeIndex * 100 + ((plan.design + storeIndex) % designs.length), demoArtOptions(design));
        artworkId = (await uploadArtwork(ctx, store.id, { name: `${design.title.toLowerCase().replace(/\s+/g, "-")}.png`, bytes: png }))
          .artworkId;
        artIds.set(plan.design, artworkId);
      }
      const colors = blank.colors.slice((i + storeIndex) % 2, ((i + storeIndex) % 2) + plan.colors).map((c) => c.name);
      const fallbackColors = colors.length >= 3 ? colors : blank.colors.slice(0, plan.colors).map((c) => c.name);
      const area = blank.areas[0]!;
      const fill = blank.category === "posters" ? 1 : blank.category === "phone-cases" ? 0.95 : blank.category === "mugs" ? 0.38 : 0.8;
      const out = await saveProduct(
        ctx,
        store.id,
        {
          blankId: blank.id,
          artworkId,
          title,
          description: `${design.blurb} Printed by Platen Print Works on our ${blank.name.toLowerCase()}: ${blank.description.charAt(0).toLowerCase()}${blank.description.slice(1)}`,
          tags: [...design.tags, blank.category.replace(/-/g, " ")],
          category: blank.category,
          priceMinor: plan.price + (storeIndex % 3) * 100,
          colors: fallbackColors,
          sizes: blank.sizes,
          placements: {
            [area as PrintAreaKey]: {
              x: 0.5,
              y: blank.category === "t-shirts" || blank.category === "hoodies" ? 0.42 : 0.5,
              scale: fill,
              rotation: 0,
            },
          },
          variantPrices: {},
        },
        // Every colour gets its mockups (the build renders the demo once into its snapshot); print
        // files are rendered when the partner next saves the product.
        { printFiles: "deferred", publish: true, trusted: true },
      );
      if (out.product.status !== "published") logger().warn({ title, status: out.product.status }, "demo product not published");
      if (out.product.status === "published" && (i === 0 || i === 9))
        await db.update(products).set({ featured: true }).where(eq(products.id, out.product.id));
      created++;
    }
  }
  created += await seedFlaggedCopy(db);
  if (created) logger().info({ products: created, ms: Date.now() - started }, "demo products and mockups");
  return created;
}

const COPY_TITLE = "Moonlit Peonies Tote";

/** One copied design held for review, so /admin/products' flagged-artwork queue shows how it works. */
async function seedFlaggedCopy(db: Db): Promise<number> {
  const ctx = sys(db);
  const [thief, victim] = await Promise.all([getStoreByHandle(ctx, "fernwood"), getStoreByHandle(ctx, "inkwell")]);
  if (!thief || !victim) return 0;
  const [exists] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, thief.id), eq(products.title, COPY_TITLE)))
    .limit(1);
  if (exists) return 0;
  const [original] = await db
    .select({ key: artworks.storageKey })
    .from(products)
    .innerJoin(artworks, eq(artworks.id, products.artworkId))
    .where(and(eq(products.storeId, victim.id), eq(products.status, "published")))
    .limit(1);
  const bytes = original ? (await storage().get(original.key))?.body : null;
  const tote = (await listBlanks(ctx)).find((b) => b.name === "Tote bag");
  if (!bytes || !tote) return 0;
  const art = await uploadArtwork(ctx, thief.id, { name: "peonies.png", bytes });
  await saveProduct(
    ctx,
    thief.id,
    {
      blankId: tote.id,
      artworkId: art.artworkId,
      title: COPY_TITLE,
      description: "Peonies under the moon on a sturdy cotton tote.",
      tags: ["floral", "moon", "tote"],
      category: "tote-bags",
      priceMinor: 2100,
      colors: tote.colors.slice(0, 3).map((c) => c.name),
      sizes: tote.sizes,
      placements: { front: { x: 0.5, y: 0.5, scale: 0.8, rotation: 0 } },
      variantPrices: {},
    },
    { printFiles: "deferred", publish: true, mockupColors: 1 },
  );
  return 1;
}

/** Ids of the demo products (tests). */
export async function demoProductIds(db: Db, storeId: string): Promise<string[]> {
  return (
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.status, ["published"])))
  ).map((p) => p.id);
}
