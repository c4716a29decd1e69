import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import MuiLink from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { useTaxNote } from "./root-data.ts";

const COLUMNS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: "Shop with us",
    links: [
      { to: "/shop/shoppers", label: "How buying works" },
      { to: "/shop/faqs", label: "FAQs" },
      { to: "/contact", label: "Contact us" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/jobs", label: "Careers" },
      { to: "/legal/disclosures", label: "Disclosures" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/legal/termsAndConditions", label: "Terms and conditions" },
      { to: "/legal/privacyPolicy", label: "Privacy policy" },
      { to: "/legal/partnerTerms", label: "Partner terms" },
      { to: "/legal/manufacturingTerms", label: "Manufacturing terms" },
      { to: "/legal", label: "All legal documents" },
    ],
  },
];

export function AppFooter() {
  const taxNote = useTaxNote();
  return (
    <Box component="footer" sx={{ mt: "auto", borderTop: 1, borderColor: "divider", bgcolor: "background.paper", py: 5 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
              Platen
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Custom-printed products by independent artists, printed on demand by print shops near you.
            </Typography>
          </Grid>
          {COLUMNS.map((col) => (
            <Grid key={col.title} size={{ xs: 12, sm: 4, md: 3 }}>
              <Typography variant="subtitle2" component="h2" gutterBottom>
                {col.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 0.75 }}>
                {col.links.map((l) => (
                  <li key={l.to}>
                    <MuiLink component={Link} to={l.to} variant="body2" color="text.secondary">
                      {l.label}
                    </MuiLink>
                  </li>
                ))}
              </Box>
            </Grid>
          ))}
        </Grid>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 4 }}>
          © {new Date().getFullYear()} Platen. {taxNote}
        </Typography>
      </Container>
    </Box>
  );
}
