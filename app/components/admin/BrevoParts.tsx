import Box from "#app/components/ui/Box.tsx";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Chip from "#app/components/ui/Chip.tsx";
import MuiLink from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";
import { Link } from "#app/components/ui/Link.tsx";
import { formatDateTime } from "#app/lib/dates.ts";

/** The sub-navigation of the e-mail administration (mailbox and the three Brevo templates). */
export const BREVO_NAV = [
  { to: "/admin/brevo", label: "Mailbox" },
  { to: "/admin/brevo/order-success", label: "Order success" },
  { to: "/admin/brevo/order-shipment-created", label: "Shipment created" },
  { to: "/admin/brevo/order-shipment-delivered", label: "Shipment delivered" },
] as const;

export function BrevoHeader({
  title,
  description,
  current,
  crumb,
}: {
  title: string;
  description: ReactNode;
  current: string;
  crumb?: string;
}) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1, fontSize: 14 }}>
        <MuiLink component={Link} to="/admin" color="inherit">
          Admin
        </MuiLink>
        {crumb ? (
          <MuiLink component={Link} to="/admin/brevo" color="inherit">
            E-mail
          </MuiLink>
        ) : (
          <Typography color="text.primary" sx={{ fontSize: 14 }}>
            E-mail
          </Typography>
        )}
        {crumb ? (
          <Typography color="text.primary" sx={{ fontSize: 14, overflowWrap: "anywhere" }}>
            {crumb}
          </Typography>
        ) : null}
      </Breadcrumbs>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.75rem", md: "2.25rem" }, overflowWrap: "anywhere" }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 760 }}>
        {description}
      </Typography>
      <Box
        component="nav"
        aria-label="E-mail administration"
        sx={{ mt: 2.5, display: "flex", gap: 0.5, overflowX: "auto", borderBottom: 1, borderColor: "divider", whiteSpace: "nowrap" }}
      >
        {BREVO_NAV.map((item) => {
          const active = item.to === current;
          return (
            <MuiLink
              key={item.to}
              component={Link}
              to={item.to}
              underline="none"
              aria-current={active ? "page" : undefined}
              sx={{
                px: 1.5,
                py: 1.25,
                fontWeight: 600,
                fontSize: 15,
                color: active ? (t) => (t.palette.mode === "dark" ? t.palette.primary.light : t.palette.primary.dark) : "text.secondary",
                borderBottom: 3,
                borderColor: active ? "primary.main" : "transparent",
                mb: "-1px",
                "&:hover": { color: "text.primary" },
                "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: -2 },
              }}
            >
              {item.label}
            </MuiLink>
          );
        })}
      </Box>
    </Box>
  );
}

const STATUS_LABEL: Record<string, string> = { queued: "Queued", sent: "Sent", failed: "Failed" };

export function StatusChip({ status }: { status: string }) {
  const color = status === "sent" ? "success" : status === "failed" ? "error" : "default";
  return (
    <Chip
      size="small"
      label={STATUS_LABEL[status] ?? status}
      color={color}
      variant={status === "queued" ? "outlined" : "filled"}
      data-status={status}
    />
  );
}

/** A fixed, locale-independent date (server and browser render the same text), or "—". */
export function formatWhen(iso: string | null | undefined): string {
  return iso ? formatDateTime(iso) : "—";
}

/** The HTML part, isolated: no scripts, no same-origin access, no forms, no navigation. */
export function EmailPreview({ html, title, height = 1000 }: { html: string; title: string; height?: number }) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      srcDoc={html}
      loading="lazy"
      sx={{
        display: "block",
        width: "100%",
        height: { xs: Math.min(height, 760), md: height },
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
        bgcolor: "#f4f2f8",
      }}
    />
  );
}

export function TextPart({ text, label }: { text: string; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 2,
        maxHeight: 560,
        overflow: "auto",
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
        fontSize: 13,
        lineHeight: 1.6,
        bgcolor: "action.hover",
        borderRadius: 1,
      }}
    >
      {text}
    </Box>
  );
}
