import BrushOutlined from "@mui/icons-material/BrushOutlined";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";
import PrecisionManufacturingOutlined from "@mui/icons-material/PrecisionManufacturingOutlined";
import ShoppingBagOutlined from "@mui/icons-material/ShoppingBagOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CategoryIcon, HeroIllustration, type CategoryKey } from "#app/components/content/Illustrations.tsx";

export const meta: Route.MetaFunction = () => [
  { title: "Custom-printed products by independent artists · Platen" },
  {
    name: "description",
    content: "T-shirts, hoodies, mugs, posters, stickers, tote bags and phone cases designed by independent artists, printed on demand by print shops near you.",
  },
];

const CATEGORIES: { key: CategoryKey; name: string; detail: string }[] = [
  { key: "tshirts", name: "T-shirts", detail: "Soft cotton tees in many colours and fits" },
  { key: "hoodies", name: "Hoodies", detail: "Warm fleece-lined hoodies and sweatshirts" },
  { key: "mugs", name: "Mugs", detail: "Ceramic mugs printed all the way round" },
  { key: "posters", name: "Posters", detail: "Art prints on thick matte or gloss paper" },
  { key: "stickers", name: "Stickers", detail: "Die-cut vinyl stickers, weather resistant" },
  { key: "tote-bags", name: "Tote bags", detail: "Sturdy cotton totes for every day" },
  { key: "phone-cases", name: "Phone cases", detail: "Slim and tough cases for popular phones" },
];

const AUDIENCES: { icon: ReactNode; title: string; points: string[]; cta: { to: string; label: string } }[] = [
  {
    icon: <ShoppingBagOutlined />,
    title: "For shoppers",
    points: ["Find original designs from independent artists", "Choose the product, colour and size", "It is printed for you near your address and shipped with tracking"],
    cta: { to: "/shop/shoppers", label: "How buying works" },
  },
  {
    icon: <BrushOutlined />,
    title: "For artists",
    points: ["Open a store with your own @handle", "Put your artwork on dozens of products, no stock to buy", "Set your price and see your earnings per sale"],
    cta: { to: "/contact?topic=partner", label: "Sell your art" },
  },
  {
    icon: <PrecisionManufacturingOutlined />,
    title: "For print shops",
    points: ["Receive orders that match your blanks and capabilities", "Set your base costs, production times and carriers", "Batches, labels and manifests in one place"],
    cta: { to: "/contact?topic=fulfillment", label: "Print for Platen" },
  },
];

const PROMISES = ["Made to order: no unsold stock thrown away", "Misprinted or damaged? We reprint or refund", "Artists are paid for every sale"];

function Tick({ children }: { children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
      <CheckCircleOutline fontSize="small" sx={{ color: "secondary.dark", mt: "3px" }} aria-hidden="true" />
      <span>{children}</span>
    </Box>
  );
}

function JoinSection({ id, eyebrow, title, text, points, to, label, reverse }: { id: string; eyebrow: string; title: string; text: string; points: string[]; to: string; label: string; reverse?: boolean }) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      variant="outlined"
      sx={{ p: { xs: 3, md: 5 }, display: "grid", gap: 4, gridTemplateColumns: { xs: "1fr", md: reverse ? "1fr 1.4fr" : "1.4fr 1fr" }, alignItems: "center" }}
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
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mb: 3, display: "grid", gap: 1 }}>
          {points.map((p) => (
            <Tick key={p}>{p}</Tick>
          ))}
        </Box>
        <Button variant="contained" size="large" component={Link} to={to}>
          {label}
        </Button>
      </Box>
      <Box
        aria-hidden="true"
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
      </Box>
    </Paper>
  );
}

export default function Home() {
  return (
    <>
      <Box component="section" aria-labelledby="hero-title" sx={{ bgcolor: (t) => (t.palette.mode === "dark" ? "background.paper" : "#efe8fa"), py: { xs: 5, md: 9 } }}>
        <Container maxWidth="lg" sx={{ display: "grid", gap: { xs: 4, md: 6 }, gridTemplateColumns: { xs: "1fr", md: "1.1fr 1fr" }, alignItems: "center" }}>
          <Box>
            <Typography variant="h1" id="hero-title" sx={{ fontSize: { xs: "2.1rem", sm: "2.6rem", md: "3.2rem" }, lineHeight: 1.1, mb: 2 }}>
              Art you love, printed the moment you order it
            </Typography>
            <Typography sx={{ fontSize: { xs: "1.05rem", md: "1.2rem" }, color: "text.secondary", mb: 3, maxWidth: "52ch" }}>
              Platen is a marketplace for t-shirts, hoodies, mugs, posters and more, designed by independent artists and made to order by print shops near you. No waste, fair pay for artists,
              and a reprint or refund if anything arrives wrong.
            </Typography>
            <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
              <Button variant="contained" size="large" component={Link} to="/shop/shoppers">
                How buying works
              </Button>
              <Button variant="outlined" size="large" component={Link} to="/contact?topic=partner" sx={{ bgcolor: "background.paper" }}>
                Sell your art
              </Button>
            </Box>
            <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mt: 3, display: "grid", gap: 0.75, color: "text.secondary" }}>
              {PROMISES.map((p) => (
                <Tick key={p}>{p}</Tick>
              ))}
            </Box>
          </Box>
          <HeroIllustration sx={{ maxWidth: 460, width: "100%", justifySelf: "center", aspectRatio: "320 / 260" }} />
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 }, display: "grid", gap: { xs: 6, md: 9 } }}>
        <Box component="section" aria-labelledby="categories-title">
          <Typography variant="h2" id="categories-title" gutterBottom>
            What we print
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: "60ch" }}>
            Every design can go on the products its artist chooses. Each one is printed new for your order.
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(3, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" } }}
            data-testid="categories"
          >
            {CATEGORIES.map((c) => (
              <Paper component="li" variant="outlined" key={c.key} sx={{ p: { xs: 2, sm: 3 }, textAlign: "center", display: "grid", justifyItems: "center", gap: 1 }}>
                <Box sx={{ color: "primary.main", bgcolor: "action.hover", borderRadius: "50%", p: 2, display: "grid" }}>
                  <CategoryIcon category={c.key} />
                </Box>
                <Typography variant="h3" sx={{ fontSize: "1.1rem" }}>
                  {c.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.detail}
                </Typography>
              </Paper>
            ))}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="how-title">
          <Typography variant="h2" id="how-title" gutterBottom>
            How Platen works
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, maxWidth: "60ch" }}>
            Artists create, print shops make, shoppers enjoy. We connect the three and look after every order.
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, minmax(0, 1fr))" } }}>
            {AUDIENCES.map((a) => (
              <Paper variant="outlined" key={a.title} sx={{ p: 3, display: "flex", flexDirection: "column" }}>
                <Box sx={{ color: "primary.main", mb: 1, "& svg": { fontSize: 36 } }} aria-hidden="true">
                  {a.icon}
                </Box>
                <Typography variant="h3" gutterBottom>
                  {a.title}
                </Typography>
                <Box component="ol" sx={{ pl: 2.5, m: 0, mb: 2, color: "text.secondary", display: "grid", gap: 0.75, flexGrow: 1 }}>
                  {a.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </Box>
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
          text="Upload your artwork once and offer it on t-shirts, posters, stickers and more. We handle printing, shipping, payments and customer service; you keep creating."
          points={["No fees to join and no stock to buy", "You set the price and see your earnings per sale", "Paid out to your own payout account", "A fan club to keep your followers close"]}
          to="/contact?topic=partner"
          label="Apply to sell your art"
        />

        <JoinSection
          id="print"
          eyebrow="For print shops"
          title="Print for Platen"
          text="Fill your presses with orders from artists' stores. Tell us what you can print and where you ship; we route the orders that fit you."
          points={["Orders matched to your blanks, capacity and delivery area", "Your base costs, production times and carrier rates", "Batches, labels, tracking and manifests built in"]}
          to="/contact?topic=fulfillment"
          label="Become a print partner"
          reverse
        />

        <Paper component="section" aria-labelledby="help-title" elevation={0} sx={{ p: { xs: 3, md: 4 }, bgcolor: "action.hover", textAlign: "center" }}>
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
