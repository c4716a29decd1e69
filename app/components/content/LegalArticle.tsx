import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import type { Theme } from "@mui/material/styles";
import { Link } from "#app/components/ui/Link.tsx";
import { formatLongDate } from "#app/lib/dates.ts";

export interface LegalArticleData {
  title: string;
  updated: string;
  updatedLabel: string;
  html: string;
  toc: { id: string; text: string; depth: number }[];
  hasPlaceholders: boolean;
}

/** Typography for trusted HTML rendered from our Markdown documents. */
export const proseSx = (theme: Theme) => ({
  maxWidth: "75ch",
  overflowWrap: "break-word",
  "& h2": { typography: "h2", fontSize: { xs: "1.4rem", md: "1.6rem" }, mt: 5, mb: 1.5, scrollMarginTop: 88 },
  "& h3": { typography: "h3", fontSize: { xs: "1.15rem", md: "1.25rem" }, mt: 3.5, mb: 1, scrollMarginTop: 88 },
  "& p, & li": { typography: "body1", lineHeight: 1.7 },
  "& p": { my: 1.5 },
  "& ul, & ol": { pl: 3, my: 1.5 },
  "& li": { my: 0.75 },
  "& a": { color: theme.palette.mode === "dark" ? theme.palette.primary.light : theme.palette.primary.dark, textUnderlineOffset: "2px" },
  "& code": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.9em", bgcolor: "action.hover", px: 0.5, borderRadius: 0.5 },
  "& table": { display: "block", overflowX: "auto", borderCollapse: "collapse", my: 2, width: "100%" },
  "& th, & td": { border: 1, borderColor: "divider", p: 1, textAlign: "left", verticalAlign: "top", typography: "body2" },
  "& th": { bgcolor: "action.hover", fontWeight: 700 },
  "& mark.placeholder": { bgcolor: "#fff3c4", color: "#3b2f00", px: 0.5, borderRadius: 0.5, fontWeight: 600 },
}) as const;

export function LegalArticle({ doc }: { doc: LegalArticleData }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <MuiLink component={Link} to="/legal" color="inherit">
          Legal
        </MuiLink>
        <Typography color="text.primary" aria-current="page">
          {doc.title}
        </Typography>
      </Breadcrumbs>
      <Typography variant="h1" gutterBottom>
        {doc.title}
      </Typography>
      <Typography color="text.secondary" data-testid="last-updated">
        Last updated: <time dateTime={doc.updated}>{doc.updatedLabel}</time>
      </Typography>
      {doc.hasPlaceholders ? (
        <Alert severity="info" sx={{ mt: 2, maxWidth: "75ch" }}>
          Highlighted text in brackets is completed by the operator of this marketplace with its own details.
        </Alert>
      ) : null}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "260px minmax(0, 1fr)" }, gap: { xs: 3, md: 6 }, mt: 4, alignItems: "start" }}>
        <Paper component="nav" variant="outlined" aria-labelledby="toc-title" sx={{ p: 2.5, position: { md: "sticky" }, top: { md: 88 }, maxHeight: { md: "calc(100vh - 110px)" }, overflowY: { md: "auto" } }}>
          <Typography variant="subtitle2" component="h2" id="toc-title" sx={{ mb: 1 }}>
            Contents
          </Typography>
          <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 0.75 }} data-testid="toc">
            {doc.toc.map((entry) => (
              <Box component="li" key={entry.id} sx={{ pl: entry.depth > 2 ? 2 : 0 }}>
                <MuiLink href={`#${entry.id}`} variant="body2" color={entry.depth > 2 ? "text.secondary" : "text.primary"}>
                  {entry.text}
                </MuiLink>
              </Box>
            ))}
          </Box>
        </Paper>
        <Box component="article" sx={proseSx} dangerouslySetInnerHTML={{ __html: doc.html }} data-testid="legal-body" />
      </Box>
      <Paper variant="outlined" sx={{ mt: 6, p: 3, maxWidth: "75ch", ml: { md: "calc(260px + 48px)" } }}>
        <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 1 }}>
          Questions about this document?
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Our team is happy to explain anything that is unclear.
        </Typography>
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
          <MuiLink component={Link} to="/contact?topic=other" sx={{ fontWeight: 600 }}>
            Contact us
          </MuiLink>
          <MuiLink component={Link} to="/legal" sx={{ fontWeight: 600 }}>
            All legal documents
          </MuiLink>
        </Box>
      </Paper>
    </Container>
  );
}

/** "21 November 2026" from "2026-11-21", the same on server and client. */
export function formatIsoDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return formatLongDate(d);
}
