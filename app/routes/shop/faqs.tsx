import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/faqs";
import { FaqList } from "#app/components/content/FaqList.tsx";
import { faqJsonLd, visibleFaqGroups } from "#app/components/content/faqs.ts";
import { JsonLd } from "#app/components/content/JsonLd.tsx";
import { usePricesIncludeTax } from "#app/components/root-data.ts";

export const meta: Route.MetaFunction = () => [
  { title: "FAQs · Platen" },
  {
    name: "description",
    content:
      "Answers about orders, payment, shipping, returns and misprints, your account and privacy, selling your art and printing for Platen.",
  },
];

export default function FaqsPage() {
  const groups = visibleFaqGroups(undefined, { pricesIncludeTax: usePricesIncludeTax() });
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <JsonLd data={faqJsonLd(groups)} />
      <Typography variant="h1" gutterBottom>
        Frequently asked questions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: "65ch" }}>
        Quick answers about buying, selling and printing on Platen. Select a question to read the answer.
      </Typography>
      <Box component="nav" aria-label="FAQ topics" sx={{ mb: 5 }}>
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 1 }}>
          {groups.map((g) => (
            <li key={g.id}>
              <Chip component="a" href={`#${g.id}`} label={g.title} clickable variant="outlined" color="primary" />
            </li>
          ))}
        </Box>
      </Box>
      <FaqList groups={groups} />
      <Paper
        variant="outlined"
        sx={{
          mt: 6,
          p: { xs: 2.5, sm: 4 },
          display: "flex",
          flexDirection: { xs: "column", sm: "row" },
          gap: 2,
          alignItems: { sm: "center" },
        }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h2" sx={{ fontSize: "1.3rem", mb: 0.5 }}>
            Still have a question?
          </Typography>
          <Typography color="text.secondary">Our team answers every message, usually within 2 business days.</Typography>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button variant="contained" component={Link} to="/contact">
            Contact us
          </Button>
          <Button variant="outlined" component={Link} to="/shop/shoppers">
            How buying works
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}
