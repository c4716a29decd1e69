import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Chip from "#app/components/ui/Chip.tsx";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { preflight } from "#server/modules/catalog/preflight.ts";
import { DPI_REFUSE, DPI_WARN, type Placement, type PreflightIssue } from "#server/modules/catalog/types.ts";
import type { ArtworkView, DesignerArea } from "./types.ts";

export interface AreaCheck {
  key: string;
  label: string;
  dpi: number;
  issues: PreflightIssue[];
}

/** Preflight of every enabled print area, in the order given. */
export function preflightChecks(
  artwork: ArtworkView,
  areas: DesignerArea[],
  enabled: string[],
  placementOf: (areaKey: string) => Placement,
): AreaCheck[] {
  return enabled
    .map((k) => areas.find((a) => a.key === k))
    .filter((a): a is DesignerArea => !!a)
    .map((a) => {
      const r = preflight({
        artworkWidth: artwork.width,
        artworkHeight: artwork.height,
        hasAlpha: artwork.hasAlpha,
        placement: placementOf(a.key),
        area: a,
      });
      return { key: a.key, label: a.label, dpi: r.effectiveDpi, issues: r.issues };
    });
}

function IssueList({ issues }: { issues: PreflightIssue[] }) {
  if (!issues.length) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {issues.map((i) => (
        <Alert
          key={i.code + i.message}
          severity={i.level === "error" ? "error" : i.level === "warning" ? "warning" : "info"}
          sx={{ py: 0 }}
          data-testid={`preflight-${i.level}`}
        >
          {i.message}
        </Alert>
      ))}
    </Stack>
  );
}

/** Step 3: effective DPI and preflight findings per enabled print area. */
export function PreflightPanel({ checks }: { checks: AreaCheck[] }) {
  return (
    <Box sx={{ mt: 2 }} aria-live="polite" data-testid="preflight">
      <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600 }}>
        Preflight
      </Typography>
      {checks.map((c) => (
        <Box key={c.key} sx={{ mt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="body2">{c.label}:</Typography>
            <Chip
              size="small"
              label={`${c.dpi} DPI`}
              color={c.dpi < DPI_REFUSE ? "error" : c.dpi < DPI_WARN ? "warning" : "success"}
              data-testid={`dpi-${c.key}`}
            />
          </Stack>
          <IssueList issues={c.issues} />
        </Box>
      ))}
      {!checks.length && (
        <Typography variant="body2" color="text.secondary">
          Place the artwork on at least one print area.
        </Typography>
      )}
    </Box>
  );
}
