import Grid from "@mui/material/Grid";
import { Link } from "#app/components/ui/Link.tsx";
import { linkClasses, linkStyle, typographyClasses, typographyStyle } from "#app/theme/fixed-mui.ts";
import { fixed } from "#app/theme/fixed-styles.tsx";
import { ServerPart } from "#app/components/ui/ServerPart.tsx";
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

// The footer is on every page: fixed styles (app/theme/fixed-styles.tsx), the same CSS MUI's Box,
// Container, Typography and Link gave it.
const Footer = fixed("footer", { mt: "auto", borderTop: 1, borderColor: "divider", bgcolor: "background.paper", py: 5 }, "MuiBox-root");
const Wrap = fixed(
  "div",
  (t) => ({
    width: "100%",
    marginLeft: "auto",
    boxSizing: "border-box",
    marginRight: "auto",
    paddingLeft: t.spacing(2),
    paddingRight: t.spacing(2),
    [t.breakpoints.up("sm")]: { paddingLeft: t.spacing(3), paddingRight: t.spacing(3) },
    [t.breakpoints.up("lg")]: { maxWidth: `${t.breakpoints.values.lg}${t.breakpoints.unit ?? "px"}` },
  }),
  "MuiContainer-root MuiContainer-maxWidthLg",
);
const Brand = fixed("p", (t) => ({ ...typographyStyle(t, "h6"), fontWeight: 800 }), typographyClasses("h6"));
// MUI 9's Typography ignores `color="text.secondary"` (it takes `textSecondary`): these two read in
// the body's text colour, as they always have.
const Blurb = fixed("p", (t) => typographyStyle(t, "body2"), typographyClasses("body2"));
const ColumnTitle = fixed("h2", (t) => typographyStyle(t, "subtitle2", undefined, true), typographyClasses("subtitle2", true));
const Links = fixed("ul", { listStyle: "none", p: 0, m: 0, display: "grid", gap: 0.75 }, "MuiBox-root");
const FooterLink = fixed("a", (t) => linkStyle(t, "body2", "secondary"), linkClasses("body2"));
const Fine = fixed("p", (t) => ({ ...typographyStyle(t, "caption"), mt: 4 }), typographyClasses("caption"));

export function AppFooter() {
  const taxNote = useTaxNote();
  return (
    <ServerPart of={Footer} version={taxNote}>
      <Wrap>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Brand>Platen</Brand>
            <Blurb>Custom-printed products by independent artists, printed on demand by print shops near you.</Blurb>
          </Grid>
          {COLUMNS.map((col) => (
            <Grid key={col.title} size={{ xs: 12, sm: 4, md: 3 }}>
              <ColumnTitle>{col.title}</ColumnTitle>
              <Links>
                {col.links.map((l) => (
                  <li key={l.to}>
                    <FooterLink as={Link} to={l.to}>
                      {l.label}
                    </FooterLink>
                  </li>
                ))}
              </Links>
            </Grid>
          ))}
        </Grid>
        <Fine>
          © {new Date().getFullYear()} Platen. {taxNote}
        </Fine>
      </Wrap>
    </ServerPart>
  );
}
