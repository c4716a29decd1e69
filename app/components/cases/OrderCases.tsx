// The order page's "Report a problem" part (issue 23 §3): the order's cases with their status, the
// link to report a problem, and the "on hold" note of a shipment an open case holds.
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { CaseStatusChip } from "./CaseStatusChip.tsx";
import { CASE_KIND_LABELS, type CaseHold, type CaseListRow } from "#server/modules/cases/types.ts";

const withToken = (path: string, token: string | null) => (token ? `${path}?${new URLSearchParams({ token }).toString()}` : path);

/** A shipment's case note: "On hold: case C-… open" while a case holds it, "Reprint at no charge" for a case's reprint. */
export function CaseHoldChip({ holds, groupId, reprint }: { holds: CaseHold[]; groupId: string; reprint: boolean }) {
  const h = holds.find((x) => x.groupId === groupId);
  return (
    <>
      {h ? <Chip size="small" color="warning" label={`On hold: case ${h.ref} open`} data-testid="group-on-hold" sx={{ ml: 1 }} /> : null}
      {reprint ? <Chip size="small" color="info" label="Reprint at no charge" data-testid="group-reprint" sx={{ ml: 1 }} /> : null}
    </>
  );
}

export function OrderCases({
  orderId,
  token,
  cases,
  canReport,
}: {
  orderId: string;
  token: string | null;
  cases: CaseListRow[];
  canReport: boolean;
}) {
  if (!cases.length && !canReport) return null;
  const base = `/shop/orders/${encodeURIComponent(orderId)}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="order-cases-h" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2, mb: 3 }}>
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ justifyContent: "space-between", alignItems: { sm: "center" }, gap: 1 }}>
        <Box>
          <Typography variant="h6" component="h2" id="order-cases-h" sx={{ fontWeight: 800 }}>
            Something wrong?
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Damaged, misprinted, the wrong item or not delivered: tell us and we make it right.
          </Typography>
        </Box>
        {canReport ? (
          <Button component={RouterLink} to={withToken(`${base}/problem`, token)} variant="outlined" data-testid="report-problem">
            Report a problem
          </Button>
        ) : null}
      </Stack>
      {cases.length ? (
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, mt: 1.5 }} aria-label="Your cases">
          {cases.map((c) => (
            <Stack
              component="li"
              key={c.id}
              direction="row"
              spacing={1}
              sx={{ alignItems: "center", py: 0.5, flexWrap: "wrap" }}
              data-testid="order-case"
            >
              <Link component={RouterLink} to={withToken(`${base}/cases/${c.id}`, token)}>
                Case {c.ref}
              </Link>
              <Typography variant="body2">{CASE_KIND_LABELS[c.kind]}</Typography>
              <CaseStatusChip status={c.status} />
            </Stack>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}
