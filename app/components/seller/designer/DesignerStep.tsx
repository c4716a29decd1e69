import Box from "#app/components/ui/Box.tsx";
import Paper from "@mui/material/Paper";
import Typography from "#app/components/ui/Typography.tsx";
import type { ReactNode } from "react";

/** One numbered step of the designer ("1 Choose a blank product", ...). */
export function DesignerStep({ n, title, children, id }: { n: number; title: string; children: ReactNode; id?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`step-${n}`} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} id={id}>
      <Typography id={`step-${n}`} variant="h2" sx={{ fontSize: "1.25rem", mb: 2, display: "flex", alignItems: "center", gap: 1 }}>
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: "50%",
            bgcolor: "primary.main",
            color: "primary.contrastText",
            display: "inline-grid",
            placeItems: "center",
            fontSize: "0.95rem",
          }}
        >
          {n}
        </Box>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
