import ArrowForward from "@mui/icons-material/ArrowForward";
import Box from "#app/components/ui/Box.tsx";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/index";
import { formatIsoDate } from "#app/components/content/LegalArticle.tsx";
import { legalIndex } from "#server/modules/content/index.ts";

export function loader() {
  return { documents: legalIndex().map((d) => ({ ...d, updatedLabel: formatIsoDate(d.updated) })) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Legal · Platen" },
  {
    name: "description",
    content: "The terms, privacy policy, partner and manufacturing terms and disclosures of this Platen marketplace.",
  },
];

const AUDIENCE: Record<string, string> = {
  termsAndConditions: "For shoppers",
  privacyPolicy: "For everyone",
  partnerTerms: "For artists and brands",
  manufacturingTerms: "For print shops",
  disclosures: "For everyone",
};

export default function LegalIndex({ loaderData }: Route.ComponentProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        Legal
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: "65ch" }}>
        The agreements and policies that apply when you shop, sell or print on this marketplace, written to be read. If anything is unclear,{" "}
        <MuiLink underline="always" component={Link} to="/contact?topic=other">
          ask us
        </MuiLink>
        .
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2 }} data-testid="legal-list">
        {loaderData.documents.map((d) => (
          <li key={d.name}>
            <Card variant="outlined">
              <CardActionArea component={Link} to={d.path} sx={{ p: { xs: 2, sm: 3 }, display: "flex", alignItems: "center", gap: 2 }}>
                <Box sx={{ flexGrow: 1 }}>
                  <Typography variant="overline" color="text.secondary" component="p">
                    {AUDIENCE[d.name]}
                  </Typography>
                  <Typography variant="h2" sx={{ fontSize: "1.3rem", mb: 0.5 }}>
                    {d.title}
                  </Typography>
                  <Typography color="text.secondary">{d.summary}</Typography>
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                    Last updated: <time dateTime={d.updated}>{d.updatedLabel}</time>
                  </Typography>
                </Box>
                <ArrowForward aria-hidden="true" color="primary" />
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Container>
  );
}
