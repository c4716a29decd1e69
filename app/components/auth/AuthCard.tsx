import Box from "#app/components/ui/Box.tsx";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";

/** The frame of the sign-in, sign-up and account-recovery pages: one centred card. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box sx={{ px: 2, py: { xs: 3, sm: 6 }, display: "flex", justifyContent: "center" }}>
      <Paper variant="outlined" sx={{ width: "100%", maxWidth: 440, p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: subtitle ? 1 : 3 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
        {footer ? <Box sx={{ mt: 3, display: "flex", flexDirection: "column", gap: 1 }}>{footer}</Box> : null}
      </Paper>
    </Box>
  );
}
