import AutorenewOutlined from "@mui/icons-material/AutorenewOutlined";
import CreditCardOutlined from "@mui/icons-material/CreditCardOutlined";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import PaletteOutlined from "@mui/icons-material/PaletteOutlined";
import PlaceOutlined from "@mui/icons-material/PlaceOutlined";
import PrintOutlined from "@mui/icons-material/PrintOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import SupportAgentOutlined from "@mui/icons-material/SupportAgentOutlined";
import VerifiedOutlined from "@mui/icons-material/VerifiedOutlined";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/shoppers";
import { BUYING_STEPS, FEATURES, totalNoteFor } from "#app/components/content/availability.ts";
import { usePricesIncludeTax } from "#app/components/root-data.ts";

export const meta: Route.MetaFunction = () => [
  { title: "How buying works · Platen" },
  {
    name: "description",
    content:
      "How ordering on Platen works: find a design, choose colour and size, pay securely, and get it made to order by a print shop near you, with a misprint and damage guarantee.",
  },
];

const STEPS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <SearchOutlined />,
    title: "Find a design you love",
    text: "Browse stores run by independent artists and brands, search by theme, or save designs to your wish list for later.",
  },
  {
    icon: <PaletteOutlined />,
    title: "Choose product, colour and size",
    text: "Pick the item, its colour and size. The mock-ups show the design on the colour you choose; check the size chart, since measurements differ between garments.",
  },
  { icon: <CreditCardOutlined />, ...BUYING_STEPS.pay },
  {
    icon: <PrintOutlined />,
    title: "Made to order near you",
    text: "Your order goes to a print shop in our network that can make it and is close to your address. It prints your item new, usually within 2 to 5 business days.",
  },
  {
    icon: <LocalShippingOutlined />,
    title: "Shipped to your door",
    text: "The print shop packs your order and hands it to the carrier. Items made by different shops may arrive in separate parcels.",
  },
  ...(BUYING_STEPS.track ? [{ icon: <PlaceOutlined />, ...BUYING_STEPS.track }] : []),
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ mt: { xs: 6, md: 8 }, scrollMarginTop: 88 }}>
      <Typography variant="h2" id={`${id}-title`} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Feature({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, height: "100%" }}>
      <Box sx={{ color: "primary.main", mb: 1, "& svg": { fontSize: 32 } }} aria-hidden="true">
        {icon}
      </Box>
      <Typography variant="h3" sx={{ fontSize: "1.15rem", mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" component="div">
        {children}
      </Typography>
    </Paper>
  );
}

const grid = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
} as const;

export default function ShoppersPage() {
  const pricesIncludeTax = usePricesIncludeTax();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        How buying on Platen works
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: "1.1rem", maxWidth: "65ch" }}>
        Every product on Platen is designed by an independent artist and printed only when you order it, by a print shop close to you. Here
        is what happens from the moment you find a design to the moment it arrives, and what we promise along the way.
      </Typography>

      <Section id="steps" title="From design to your door">
        <Box component="ol" sx={{ ...grid, listStyle: "none", p: 0, m: 0 }}>
          {STEPS.map((s, i) => (
            <Paper component="li" variant="outlined" key={s.title} sx={{ p: 3, display: "flex", gap: 2 }}>
              <Box
                aria-hidden="true"
                sx={{
                  flexShrink: 0,
                  width: 44,
                  height: 44,
                  borderRadius: "50%",
                  bgcolor: "primary.main",
                  color: "primary.contrastText",
                  display: "grid",
                  placeItems: "center",
                }}
              >
                {s.icon}
              </Box>
              <Box>
                <Typography variant="h3" sx={{ fontSize: "1.1rem", mb: 0.5 }}>
                  <Box component="span" sx={{ color: "text.secondary", fontWeight: 500 }}>
                    {i + 1}.{" "}
                  </Box>
                  {s.title}
                </Typography>
                <Typography color="text.secondary">{s.text}</Typography>
              </Box>
            </Paper>
          ))}
        </Box>
      </Section>

      <Section id="guarantees" title="Our guarantees">
        <Box sx={grid}>
          <Feature icon={<VerifiedOutlined />} title="Quality guarantee">
            Every item is printed new on the blank described on the product page and checked before it is packed. Print shops in our network
            meet written quality standards for print sharpness, placement and finish.
          </Feature>
          <Feature icon={<AutorenewOutlined />} title="Misprint or damage: reprint or refund">
            If an item arrives misprinted, damaged, faulty or different from what you ordered, tell us within 30 days of delivery with a
            photo. We reprint it or refund it, as you prefer, at no cost to you, and you usually keep the faulty item.
          </Feature>
          <Feature icon={<LocalShippingOutlined />} title="Lost parcels covered">
            If your parcel has not arrived 10 business days after its estimated delivery date, we trace it with the carrier and send a
            replacement or a refund if it is lost.
          </Feature>
        </Box>
        <Paper variant="outlined" sx={{ mt: 2, p: 3 }}>
          <Typography variant="h3" sx={{ fontSize: "1.15rem", mb: 1 }}>
            Our 30-day returns policy for defects
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, color: "text.secondary", "& li": { mb: 0.75 } }}>
            <li>Report a defect, damage or wrong item within 30 days of delivery {BUYING_STEPS.reportProblem}.</li>
            <li>
              Add a photo that shows the problem. We usually decide within 2 business days; if we need the item back, we send you a prepaid
              return label.
            </li>
            <li>
              A reprint ships at no charge; a refund goes back to your card and appears within 5 to 10 business days, depending on your
              bank.
            </li>
            <li>
              Because each item is made for you, we cannot take back items for a change of mind or the wrong size, unless the law where you
              live gives you that right. Your statutory rights are never affected.
            </li>
          </Box>
        </Paper>
      </Section>

      <Section id="payments" title="Payments">
        <Box sx={grid}>
          <Feature icon={<LockOutlined />} title="Secure card payments">
            Card payments are processed by our payment provider over an encrypted connection. We never see or store your full card number.
          </Feature>
          <Feature icon={<CreditCardOutlined />} title="One clear total">
            The artist sets each product&apos;s price. {totalNoteFor(pricesIncludeTax)}
            {FEATURES.checkout ? ", and your card is charged when you place the order" : ""}.
          </Feature>
          <Feature icon={<VerifiedOutlined />} title="Artists are paid for every sale">
            Part of every price goes to the artist whose design you bought, part to the print shop that made it. Our{" "}
            <MuiLink underline="always" component={Link} to="/legal/disclosures">
              disclosures
            </MuiLink>{" "}
            explain how prices and fees are set.
          </Feature>
        </Box>
      </Section>

      <Section id="support" title="Support">
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 4 }, display: "flex", flexDirection: { xs: "column", md: "row" }, gap: 3, alignItems: { md: "center" } }}
        >
          <Box sx={{ color: "primary.main", "& svg": { fontSize: 48 } }} aria-hidden="true">
            <SupportAgentOutlined />
          </Box>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h3" sx={{ fontSize: "1.15rem", mb: 1 }}>
              Real people, real answers
            </Typography>
            <Typography color="text.secondary">
              Whether it is a question before you buy or a problem with an order, our team answers every message, usually within 2 business
              days. For an order, include your order number so we can help faster.
            </Typography>
          </Box>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", flexShrink: 0 }}>
            <Button variant="contained" component={Link} to="/contact?topic=order">
              Contact us
            </Button>
            <Button variant="outlined" component={Link} to="/shop/faqs">
              Read the FAQs
            </Button>
          </Box>
        </Paper>
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          The full details are in our{" "}
          <MuiLink underline="always" component={Link} to="/legal/termsAndConditions">
            terms and conditions
          </MuiLink>{" "}
          and our{" "}
          <MuiLink underline="always" component={Link} to="/legal/privacyPolicy">
            privacy policy
          </MuiLink>
          .
        </Typography>
      </Section>
    </Container>
  );
}
