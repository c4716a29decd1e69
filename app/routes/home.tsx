import BrushOutlined from "@mui/icons-material/BrushOutlined";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";
import PrecisionManufacturingOutlined from "@mui/icons-material/PrecisionManufacturingOutlined";
import ShoppingBagOutlined from "@mui/icons-material/ShoppingBagOutlined";
import Avatar from "@mui/material/Avatar";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { ServerPart } from "#app/components/ui/ServerPart.tsx";
import type { Route } from "./+types/home";
import { CATEGORY_INTROS } from "#app/components/catalog/category-copy.ts";
import { loadHome } from "#app/lib/catalog/home.server.ts";
import { storePath } from "#app/components/catalog/ProductCard.tsx";
import { ProductGrid } from "#app/components/catalog/ProductGrid.tsx";
import { ProductImage } from "#app/components/catalog/ProductImage.tsx";
import { mediaUrl } from "#app/components/catalog/StoreHeader.tsx";
import { WishButton } from "#app/components/catalog/WishButton.tsx";
import { CategoryIcon, HeroIllustration, type CategoryKey } from "#app/components/content/Illustrations.tsx";
import { getCtx } from "#app/lib/session.server.ts";
import { CATEGORY_LABELS, type Category, type ProductCard } from "#server/modules/catalog/types.ts";
import { HOME_POINTS } from "#app/components/content/availability.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Custom-printed products by independent artists · Platen" },
  {
    name: "description",
    content:
      "T-shirts, hoodies, mugs, posters, stickers, tote bags and phone cases designed by independent artists, printed on demand by print shops near you.",
  },
];

/**
 * The home page. For visitors the loader data only changes when the catalogue does, so the page
 * is served from the render cache; signed-in shoppers also get "For you".
 */
export async function loader({ request }: Route.LoaderArgs) {
  return loadHome(await getCtx(request));
}

const AUDIENCES: { icon: ReactNode; title: string; points: string[]; cta: { to: string; label: string } }[] = [
  {
    icon: <ShoppingBagOutlined />,
    title: "For shoppers",
    points: HOME_POINTS.shoppers,
    cta: { to: "/shop/shoppers", label: "How buying works" },
  },
  {
    icon: <BrushOutlined />,
    title: "For artists",
    points: [
      "Open a store with your own @handle",
      "Put your artwork on dozens of products, no stock to buy",
      "Set your price and see your earnings per sale",
    ],
    cta: { to: "/shop/partners/register", label: "Sell your art" },
  },
  {
    icon: <PrecisionManufacturingOutlined />,
    title: "For print shops",
    points: HOME_POINTS.printShops,
    cta: { to: "/contact?topic=fulfillment", label: "Print for Platen" },
  },
];

const PROMISES = [
  "Made to order: no unsold stock thrown away",
  "Misprinted or damaged? We reprint or refund",
  "Artists are paid for every sale",
];

function Tick({ children }: { children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
      <CheckCircleOutline fontSize="small" sx={{ color: "secondary.dark", mt: "3px" }} aria-hidden="true" />
      <span>{children}</span>
    </Box>
  );
}

function JoinSection({
  id,
  eyebrow,
  title,
  text,
  points,
  to,
  label,
  reverse,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  points: string[];
  to: string;
  label: string;
  reverse?: boolean;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      variant="outlined"
      sx={{
        p: { xs: 3, md: 5 },
        display: "grid",
        gap: 4,
        gridTemplateColumns: { xs: "1fr", md: reverse ? "1fr 1.4fr" : "1.4fr 1fr" },
        alignItems: "center",
      }}
    >
      <Box sx={{ order: { md: reverse ? 2 : 1 } }}>
        <Typography variant="overline" color="primary" component="p" sx={{ fontWeight: 700 }}>
          {eyebrow}
        </Typography>
        <Typography variant="h2" id={`${id}-title`} gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {text}
        </Typography>
        <ServerPart of={Box} component="ul" sx={{ listStyle: "none", p: 0, m: 0, mb: 3, display: "grid", gap: 1 }} version={points}>
          {points.map((p) => (
            <Tick key={p}>{p}</Tick>
          ))}
        </ServerPart>
        <Button variant="contained" size="large" component={Link} to={to}>
          {label}
        </Button>
      </Box>
      <ServerPart
        of={Box}
        aria-hidden="true"
        version={id}
        sx={{
          order: { md: reverse ? 1 : 2 },
          display: { xs: "none", sm: "grid" },
          gridTemplateColumns: "repeat(3, 1fr)",
          gap: 2,
          color: "primary.main",
          "& > div": { aspectRatio: "1", borderRadius: 3, bgcolor: "action.hover", display: "grid", placeItems: "center" },
        }}
      >
        {(id === "sell" ? (["tshirts", "posters", "stickers"] as const) : (["hoodies", "mugs", "tote-bags"] as const)).map((k) => (
          <div key={k}>
            <CategoryIcon category={k} size={64} />
          </div>
        ))}
      </ServerPart>
    </Paper>
  );
}

const ICON_OF: Record<Category, CategoryKey> = {
  "t-shirts": "tshirts",
  hoodies: "hoodies",
  mugs: "mugs",
  posters: "posters",
  stickers: "stickers",
  "tote-bags": "tote-bags",
  "phone-cases": "phone-cases",
};

function Row({
  id,
  title,
  lead,
  to,
  linkLabel,
  products,
  currency,
  eagerCount = 0,
}: {
  id: string;
  title: string;
  lead?: string;
  to?: string;
  linkLabel?: string;
  products: ProductCard[];
  currency: string;
  eagerCount?: number;
}) {
  if (!products.length) return null;
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={`row-${id}`}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: 2, flexWrap: "wrap", mb: 2 }}>
        <Box>
          <Typography variant="h2" id={`${id}-title`} sx={{ fontSize: { xs: "1.5rem", md: "1.9rem" } }}>
            {title}
          </Typography>
          {lead ? <Typography color="text.secondary">{lead}</Typography> : null}
        </Box>
        {to ? (
          <MuiLink component={Link} to={to} sx={{ fontWeight: 600 }}>
            {linkLabel ?? "See all"}
          </MuiLink>
        ) : null}
      </Box>
      <ProductGrid
        products={products}
        currency={currency}
        eagerCount={eagerCount}
        label={title}
        renderWish={(p) => <WishButton productId={p.id} productTitle={p.title} size="small" />}
      />
    </Box>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { forYou, featured, newArrivals, trending, categories, stores, currency } = loaderData;
  // The first product row on the page gets the eager images.
  const firstRow = forYou.length ? "for-you" : featured.length ? "featured" : "new";
  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        sx={{ bgcolor: (t) => (t.palette.mode === "dark" ? "background.paper" : "#efe8fa"), py: { xs: 4, md: 7 } }}
      >
        <Container
          maxWidth="lg"
          sx={{ display: "grid", gap: { xs: 4, md: 6 }, gridTemplateColumns: { xs: "1fr", md: "1.1fr 1fr" }, alignItems: "center" }}
        >
          <Box>
            <Typography
              variant="h1"
              id="hero-title"
              sx={{ fontSize: { xs: "2.1rem", sm: "2.6rem", md: "3.2rem" }, lineHeight: 1.1, mb: 2 }}
            >
              Art you love, printed the moment you order it
            </Typography>
            <Typography sx={{ fontSize: { xs: "1.05rem", md: "1.2rem" }, color: "text.secondary", mb: 3, maxWidth: "52ch" }}>
              T-shirts, hoodies, mugs, posters and more, designed by independent artists and made to order by print shops near you. No
              waste, fair pay for artists, and a reprint or refund if anything arrives wrong.
            </Typography>
            <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
              <Button variant="contained" size="large" component={Link} to="/shop">
                Start shopping
              </Button>
              <Button variant="outlined" size="large" component={Link} to="/shop/partners/register" sx={{ bgcolor: "background.paper" }}>
                Sell your art
              </Button>
            </Box>
            <ServerPart
              of={Box}
              component="ul"
              sx={{ listStyle: "none", p: 0, m: 0, mt: 3, display: "grid", gap: 0.75, color: "text.secondary" }}
            >
              {PROMISES.map((p) => (
                <Tick key={p}>{p}</Tick>
              ))}
            </ServerPart>
          </Box>
          <HeroIllustration
            sx={{ maxWidth: 420, width: "100%", justifySelf: "center", aspectRatio: "320 / 260", display: { xs: "none", sm: "block" } }}
          />
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 }, display: "grid", gap: { xs: 6, md: 8 } }}>
        <Row
          id="for-you"
          title="For you"
          lead="Picked from the designs and stores you like."
          products={forYou}
          currency={currency}
          eagerCount={firstRow === "for-you" ? 4 : 0}
        />
        <Row
          id="featured"
          title="Featured designs"
          lead="Chosen by the Platen team."
          to="/shop"
          products={featured}
          currency={currency}
          eagerCount={firstRow === "featured" ? 4 : 0}
        />
        <Row
          id="new"
          title="New arrivals"
          lead="Fresh from the artists' studios."
          to="/shop?sort=newest"
          linkLabel="See everything new"
          products={newArrivals}
          currency={currency}
          eagerCount={firstRow === "new" ? 4 : 0}
        />
        <Row
          id="trending"
          title="Trending now"
          lead="What shoppers are looking at and wishing for this week."
          products={trending}
          currency={currency}
        />

        <Box component="section" aria-labelledby="categories-title">
          <Typography variant="h2" id="categories-title" sx={{ fontSize: { xs: "1.5rem", md: "1.9rem" } }} gutterBottom>
            Shop by category
          </Typography>
          <ServerPart
            of={Box}
            component="ul"
            sx={{
              listStyle: "none",
              p: 0,
              m: 0,
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(3, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
            }}
            data-testid="categories"
            version={categories}
          >
            {categories.map((c) => (
              <li key={c.category}>
                <Paper
                  component={Link}
                  to={`/shop/products/${c.category}`}
                  variant="outlined"
                  sx={{
                    display: "block",
                    overflow: "hidden",
                    textDecoration: "none",
                    color: "inherit",
                    height: "100%",
                    "&:hover": { boxShadow: 3 },
                  }}
                >
                  {c.image ? (
                    <ProductImage image={c.image} alt="" sizes="(min-width: 1024px) 280px, (min-width: 640px) 31vw, 48vw" />
                  ) : (
                    <Box
                      sx={{ aspectRatio: "1 / 1", display: "grid", placeItems: "center", color: "primary.main", bgcolor: "action.hover" }}
                      aria-hidden="true"
                    >
                      <CategoryIcon category={ICON_OF[c.category]} size={72} />
                    </Box>
                  )}
                  <Box sx={{ p: 1.5 }}>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                      {CATEGORY_LABELS[c.category]}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: "none", sm: "block" } }}>
                      {CATEGORY_INTROS[c.category]}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {c.count === 1 ? "1 design" : `${c.count} designs`}
                    </Typography>
                  </Box>
                </Paper>
              </li>
            ))}
          </ServerPart>
        </Box>

        {stores.length ? (
          <Box component="section" aria-labelledby="stores-title" data-testid="featured-stores">
            <Typography variant="h2" id="stores-title" sx={{ fontSize: { xs: "1.5rem", md: "1.9rem" } }}>
              Meet the artists
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Independent stores on Platen. Follow one to hear about new designs first.
            </Typography>
            <ServerPart
              of={Box}
              component="ul"
              sx={{
                listStyle: "none",
                p: 0,
                m: 0,
                display: "grid",
                gap: 2,
                gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
              }}
              version={stores}
            >
              {stores.map((s) => (
                <li key={s.id}>
                  <Paper
                    component={Link}
                    to={storePath(s.handle)}
                    variant="outlined"
                    sx={{
                      display: "block",
                      overflow: "hidden",
                      textDecoration: "none",
                      color: "inherit",
                      height: "100%",
                      "&:hover": { boxShadow: 3 },
                    }}
                  >
                    <Box sx={{ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", bgcolor: s.accentColor, minHeight: 40 }}>
                      {s.images.map((img) => (
                        <ProductImage key={img.hash} image={img} alt="" sizes="(min-width: 768px) 120px, 33vw" />
                      ))}
                    </Box>
                    <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", p: 1.5 }}>
                      <Avatar
                        src={s.avatarKey ? mediaUrl(s.avatarKey) : undefined}
                        alt=""
                        // Below the fold: not preloaded (React hoists a preload for every eager image).
                        slotProps={{ img: { loading: "lazy", decoding: "async" } }}
                        sx={{ bgcolor: s.accentColor, color: "#fff" }}
                      >
                        {s.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography
                          component="h3"
                          variant="subtitle1"
                          sx={{ fontWeight: 700, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
                        >
                          {s.name}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          @{s.handle} · {s.productCount === 1 ? "1 design" : `${s.productCount} designs`}
                        </Typography>
                      </Box>
                    </Box>
                  </Paper>
                </li>
              ))}
            </ServerPart>
          </Box>
        ) : null}

        <Box component="section" aria-labelledby="how-title">
          <Typography variant="h2" id="how-title" sx={{ fontSize: { xs: "1.5rem", md: "1.9rem" } }} gutterBottom>
            How Platen works
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: "60ch" }}>
            Artists create, print shops make, shoppers enjoy. We connect the three and look after every order.
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } }}>
            {AUDIENCES.map((a) => (
              <Paper variant="outlined" key={a.title} sx={{ p: 3, display: "flex", flexDirection: "column" }}>
                <ServerPart of={Box} sx={{ color: "primary.main", mb: 1, "& svg": { fontSize: 36 } }} aria-hidden="true" version={a.title}>
                  {a.icon}
                </ServerPart>
                <Typography variant="h3" gutterBottom>
                  {a.title}
                </Typography>
                <ServerPart
                  of={Box}
                  component="ol"
                  sx={{ pl: 2.5, m: 0, mb: 2, color: "text.secondary", display: "grid", gap: 0.75, flexGrow: 1 }}
                  version={a.points}
                >
                  {a.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ServerPart>
                <Box>
                  <Button component={Link} to={a.cta.to} variant="text" sx={{ px: 0 }}>
                    {a.cta.label} →
                  </Button>
                </Box>
              </Paper>
            ))}
          </Box>
        </Box>

        <JoinSection
          id="sell"
          eyebrow="For artists and brands"
          title="Sell your art on Platen"
          text={HOME_POINTS.sellText}
          points={HOME_POINTS.sell}
          to="/shop/partners/register"
          label="Apply to sell your art"
        />

        <JoinSection
          id="print"
          eyebrow="For print shops"
          title="Print for Platen"
          text="Fill your presses with orders from artists' stores. Tell us what you can print and where you ship; we route the orders that fit you."
          points={HOME_POINTS.printJoin}
          to="/contact?topic=fulfillment"
          label="Become a print partner"
          reverse
        />

        <Paper
          component="section"
          aria-labelledby="help-title"
          elevation={0}
          sx={{ p: { xs: 3, md: 4 }, bgcolor: "action.hover", textAlign: "center" }}
        >
          <Typography variant="h2" id="help-title" sx={{ fontSize: "1.4rem" }} gutterBottom>
            Questions before you buy?
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Read how orders, shipping and our misprint guarantee work, or ask our team.
          </Typography>
          <Box sx={{ display: "flex", gap: 1.5, justifyContent: "center", flexWrap: "wrap" }}>
            <Button variant="contained" component={Link} to="/shop/faqs">
              Read the FAQs
            </Button>
            <Button variant="outlined" component={Link} to="/contact">
              Contact us
            </Button>
          </Box>
        </Paper>
      </Container>
    </>
  );
}
