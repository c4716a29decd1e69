import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/terms";
import { formatIsoDate, LegalArticle } from "#app/components/content/LegalArticle.tsx";
import { publicStoreOr404 } from "#app/lib/store-access.server.ts";
import { legalDocument } from "#server/modules/content/index.ts";
import { FULFILLMENT_TERMS_VERSION } from "#server/modules/fulfillment/index.ts";

/**
 * /shop/partners/@{name}/fulfillment/terms — the print shops' terms (the manufacturing terms, the
 * same text as /legal/manufacturingTerms) in the version an application accepts, with a way to apply.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { store, access } = await publicStoreOr404(request, params.handle);
  const doc = legalDocument("manufacturingTerms")!;
  return {
    store: { handle: store.handle, name: store.name },
    canApply: access.role === "owner",
    version: FULFILLMENT_TERMS_VERSION,
    versionLabel: formatIsoDate(FULFILLMENT_TERMS_VERSION),
    doc: {
      title: doc.title,
      summary: doc.summary,
      updated: doc.updated,
      updatedLabel: formatIsoDate(doc.updated),
      html: doc.html,
      toc: doc.toc,
      hasPlaceholders: doc.hasPlaceholders,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: "Manufacturing terms for print shops · Platen" },
  ...(data ? [{ name: "description", content: data.doc.summary }] : []),
];

export default function FulfillmentTerms({ loaderData }: Route.ComponentProps) {
  const { store, canApply, version, versionLabel, doc } = loaderData;
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 2, md: 3 } }}>
        <Alert
          severity="info"
          data-testid="terms-version"
          action={
            canApply ? (
              <Button component={Link} to={`/shop/partners/@${store.handle}/fulfillment-application`} color="inherit" size="small">
                Apply to print
              </Button>
            ) : undefined
          }
        >
          These are the terms for print shops, version <time dateTime={version}>{versionLabel}</time>. A print shop application
          {canApply ? ` from ${store.name}` : ""} records the version it accepts and when.
        </Alert>
      </Container>
      <LegalArticle doc={doc} />
    </>
  );
}
