import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/terms";
import { formatIsoDate, LegalArticle } from "#app/components/content/LegalArticle.tsx";
import { legalDocument } from "#server/modules/content/index.ts";

/** /shop/partners/terms — the partner terms (the same text as /legal/partnerTerms) with a way to apply. */
export function loader() {
  const doc = legalDocument("partnerTerms")!;
  return {
    name: doc.name,
    title: doc.title,
    summary: doc.summary,
    updated: doc.updated,
    updatedLabel: formatIsoDate(doc.updated),
    html: doc.html,
    toc: doc.toc,
    hasPlaceholders: doc.hasPlaceholders,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: "Partner terms · Platen" },
  ...(data ? [{ name: "description", content: data.summary }] : []),
];

export default function PartnerTerms({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 2, md: 3 } }}>
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/shop/partners/register" color="inherit" size="small">
              Apply now
            </Button>
          }
        >
          Ready to sell your designs? Applying takes two minutes; you accept these terms in the application form.
        </Alert>
      </Container>
      <LegalArticle doc={loaderData} />
    </>
  );
}
