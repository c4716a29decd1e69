// /admin/cases: the cases queue (issue 23 §3). Filters by status, kind, print shop and overdue (a
// GET form, no JavaScript needed); each case with its age and its first answer's due time, overdue
// ones first and in red.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import { ChoiceControl } from "#app/components/ChoiceControl.tsx";
import type { Route } from "./+types/list";
import { CaseStatusChip } from "#app/components/cases/CaseThread.tsx";
import { OutlinedSelect } from "#app/components/OutlinedField.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { listCases } from "#server/modules/cases/index.ts";
import { CASE_KIND_LABELS, CASE_KINDS, CASE_STATUS_LABELS, CASE_STATUSES, isCaseKind, isCaseStatus } from "#server/modules/cases/types.ts";

export const meta: Route.MetaFunction = () => [{ title: "Cases · Platen" }];

/** "3 d 4 h", "5 h", "12 min": how long ago. */
function age(from: Date, now: Date): string {
  const m = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const s = url.searchParams.get("status") ?? "active";
  const status = s === "all" || s === "active" || isCaseStatus(s) ? s : "active";
  const k = url.searchParams.get("kind") ?? "";
  const kind = isCaseKind(k) ? k : undefined;
  const fulfillerId = /^[a-z]{3}_[0-9a-z]{1,40}$/.test(url.searchParams.get("shop") ?? "") ? url.searchParams.get("shop")! : undefined;
  const overdue = url.searchParams.get("overdue") === "1";
  const page = Number(url.searchParams.get("page") ?? "1") || 1;
  const r = await listCases(ctx, { status, kind, fulfillerId, overdue, page });
  const now = ctx.clock.now();
  return {
    filter: { status, kind: kind ?? "", shop: fulfillerId ?? "", overdue },
    counts: r.counts,
    overdueCount: r.overdue,
    total: r.total,
    page: r.page,
    pages: r.pages,
    printShops: r.printShops,
    rows: r.rows.map((c) => ({
      id: c.id,
      ref: c.ref,
      status: c.status,
      kind: c.kind,
      orderId: c.orderId,
      orderNumber: c.orderNumber,
      fulfillerName: c.fulfillerName,
      shopperName: c.shopperName,
      lineCount: c.lineCount,
      age: age(c.openedAt, now),
      opened: formatDateTime(c.openedAt),
      due: formatDateTime(c.firstResponseDueAt),
      answered: c.firstResponseAt ? formatDateTime(c.firstResponseAt) : null,
      overdue: c.overdue,
    })),
  };
}

export default function AdminCases({ loaderData: d }: Route.ComponentProps) {
  const pageLink = (p: number) => {
    const q = new URLSearchParams({ status: d.filter.status, ...(d.filter.kind ? { kind: d.filter.kind } : {}), page: String(p) });
    if (d.filter.shop) q.set("shop", d.filter.shop);
    if (d.filter.overdue) q.set("overdue", "1");
    return `/admin/cases?${q.toString()}`;
  };
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Cases
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Shoppers' reports about their items. The first answer is due within 48 hours of a report.
      </Typography>
      {d.overdueCount ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="cases-overdue">
          {d.overdueCount} {d.overdueCount === 1 ? "case is" : "cases are"} past the first answer's due time.
        </Alert>
      ) : null}
      <Form method="get" aria-label="Filter cases">
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: "center" }, flexWrap: "wrap" }}>
          <OutlinedSelect name="status" label="Status" size="small" defaultValue={d.filter.status} sx={{ minWidth: 220 }}>
            <option value="active">Open or waiting ({d.counts.open + d.counts.waiting_on_print_shop + d.counts.waiting_on_shopper})</option>
            {CASE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CASE_STATUS_LABELS[s]} ({d.counts[s]})
              </option>
            ))}
            <option value="all">All</option>
          </OutlinedSelect>
          <OutlinedSelect name="kind" label="Problem" size="small" defaultValue={d.filter.kind} sx={{ minWidth: 180 }}>
            <option value="">Any</option>
            {CASE_KINDS.map((k) => (
              <option key={k} value={k}>
                {CASE_KIND_LABELS[k]}
              </option>
            ))}
          </OutlinedSelect>
          <OutlinedSelect name="shop" label="Print shop" size="small" defaultValue={d.filter.shop} sx={{ minWidth: 180 }}>
            <option value="">Any</option>
            {d.printShops.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </OutlinedSelect>
          <ChoiceControl type="checkbox" name="overdue" value="1" defaultChecked={d.filter.overdue} size="medium" label="Overdue only" />
          <Button type="submit" variant="outlined">
            Filter
          </Button>
        </Stack>
      </Form>
      {d.rows.length ? (
        <TableContainer>
          <Table size="small" aria-label="Cases">
            <TableHead>
              <TableRow>
                <TableCell>Case</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Problem</TableCell>
                <TableCell>Order</TableCell>
                <TableCell>Print shop</TableCell>
                <TableCell>Shopper</TableCell>
                <TableCell>Age</TableCell>
                <TableCell>First answer</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.rows.map((c) => (
                <TableRow key={c.id} data-testid="case-row" data-case-ref={c.ref} data-overdue={c.overdue ? "true" : "false"}>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin/cases/${c.id}`} sx={{ fontWeight: 700 }}>
                      {c.ref}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <CaseStatusChip status={c.status} />
                  </TableCell>
                  <TableCell>
                    {CASE_KIND_LABELS[c.kind]} · {c.lineCount} {c.lineCount === 1 ? "item" : "items"}
                  </TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin/orders/${c.orderId}`}>
                      {c.orderNumber}
                    </Link>
                  </TableCell>
                  <TableCell>{c.fulfillerName}</TableCell>
                  <TableCell>{c.shopperName}</TableCell>
                  <TableCell title={c.opened}>{c.age}</TableCell>
                  <TableCell sx={c.overdue ? { color: "error.main", fontWeight: 700 } : undefined} data-testid="case-due">
                    {c.answered ? `Answered ${c.answered}` : c.overdue ? `Overdue since ${c.due}` : `Due ${c.due}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Typography data-testid="cases-empty">No cases match.</Typography>
      )}
      {d.pages > 1 ? (
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          {d.page > 1 ? (
            <Link component={RouterLink} to={pageLink(d.page - 1)}>
              Previous
            </Link>
          ) : null}
          <Typography>
            Page {d.page} of {d.pages}
          </Typography>
          {d.page < d.pages ? (
            <Link component={RouterLink} to={pageLink(d.page + 1)}>
              Next
            </Link>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}
