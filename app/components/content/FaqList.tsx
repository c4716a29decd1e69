import ExpandMore from "@mui/icons-material/ExpandMore";
import Box from "#app/components/ui/Box.tsx";
import MuiLink from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import type { FaqGroup } from "./faqs.ts";

/**
 * Accordions built on <details>/<summary>: keyboard and screen-reader friendly by default, and
 * every answer is in the HTML and opens without JavaScript.
 */
export function FaqList({ groups }: { groups: FaqGroup[] }) {
  // A link to #question opens that question (the browser only scrolls to it).
  useEffect(() => {
    const open = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const el = id ? document.getElementById(id) : null;
      if (el instanceof HTMLDetailsElement) el.open = true;
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, []);

  return (
    <Box sx={{ display: "grid", gap: 5 }}>
      {groups.map((group) => (
        <Box component="section" key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} sx={{ scrollMarginTop: 88 }}>
          <Typography variant="h2" id={`${group.id}-title`} sx={{ mb: 2 }}>
            {group.title}
          </Typography>
          <Box sx={{ border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper", overflow: "hidden" }}>
            {group.items.map((faq, i) => (
              <Box
                component="details"
                key={faq.id}
                id={faq.id}
                data-testid="faq"
                sx={{
                  scrollMarginTop: 88,
                  borderTop: i === 0 ? 0 : 1,
                  borderColor: "divider",
                  "&[open] > summary svg": { transform: "rotate(180deg)" },
                  "& > summary": {
                    listStyle: "none",
                    cursor: "pointer",
                    display: "flex",
                    alignItems: "center",
                    gap: 2,
                    px: { xs: 2, sm: 3 },
                    py: 2,
                    "&::-webkit-details-marker": { display: "none" },
                    "&:hover": { bgcolor: "action.hover" },
                    "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: -3 },
                  },
                }}
              >
                <summary>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
                    {faq.question}
                  </Typography>
                  <ExpandMore aria-hidden="true" sx={{ transition: "transform 150ms", color: "text.secondary", flexShrink: 0 }} />
                </summary>
                <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2.5, color: "text.secondary" }}>
                  {faq.answer.map((p) => (
                    <Typography key={p.slice(0, 40)} sx={{ mb: 1.5, maxWidth: "70ch" }}>
                      {p}
                    </Typography>
                  ))}
                  {faq.links?.length ? (
                    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", flexWrap: "wrap", gap: 2 }}>
                      {faq.links.map((l) => (
                        <li key={l.to}>
                          <MuiLink component={Link} to={l.to} sx={{ fontWeight: 600 }}>
                            {l.label}
                          </MuiLink>
                        </li>
                      ))}
                    </Box>
                  ) : null}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
