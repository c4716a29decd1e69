// /fulfillment/@{name}/administration/cases (and …/cases/{caseId}): the print shop's own cases
// (issue 23 §3). The list (open ones first) and one case: what the shopper reported, the thread
// with Platen and the shopper (and internal notes with Platen), where the print shop answers.
// Its owner and admins; anyone else gets the 404 page. Works without JavaScript.
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Link from "@mui/material/Link";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { data, redirect } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/cases";
import { CaseMessages, CaseStatusChip, CaseSummary, ReplyForm } from "#app/components/cases/CaseThread.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { echoValues, readForm } from "#app/lib/forms.server.ts";
import { notFoundMessage } from "#app/lib/not-found.ts";
import { orRespond, requireFulfillerAccess } from "#app/lib/party-orders.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { getCase, listPrintShopCases, postCaseMessage } from "#server/modules/cases/index.ts";
import { CASE_KIND_LABELS } from "#server/modules/cases/types.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d?.c ? `Case ${d.c.ref} · Platen` : d ? `Cases of ${d.fulfiller.name} · Platen` : "Cases · Platen" },
];

const notFound = (request: Request) =>
  new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  const fulfillerInfo = { handle: fulfiller.handle, name: fulfiller.name };
  const notice = new URL(request.url).searchParams.get("notice");
  if (params.caseId) {
    let c;
    try {
      c = await getCase(ctx, { caseId: params.caseId, as: "print_shop", fulfillerId: fulfiller.id });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw notFound(request);
      throw error;
    }
    return { fulfiller: fulfillerInfo, c, rows: [], notice };
  }
  const rows = await orRespond(listPrintShopCases(ctx, { fulfillerId: fulfiller.id, status: "all" }));
  return {
    fulfiller: fulfillerInfo,
    c: null,
    notice,
    rows: rows.map((r) => ({
      id: r.id,
      ref: r.ref,
      status: r.status,
      kind: r.kind,
      orderNumber: r.orderNumber,
      warehouseName: r.warehouseName,
      lineCount: r.lineCount,
      opened: formatDateTime(r.openedAt),
      overdue: r.overdue,
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, fulfiller } = await requireFulfillerAccess(request, params.handle);
  if (!params.caseId) throw new Response("Nothing to send here.", { status: 405 });
  const form = await readForm(request);
  const values = echoValues(form);
  if (form.get("intent") !== "reply")
    return data(
      { ok: false, errors: { _form: "Something went wrong with that form. Reload the page and try again." }, values },
      { status: 400 },
    );
  try {
    await postCaseMessage(ctx, {
      caseId: params.caseId,
      as: "print_shop",
      fulfillerId: fulfiller.id,
      body: String(form.get("body") ?? ""),
      internal: form.get("internal") === "1",
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.status === 404) throw notFound(request);
    return data({ ok: false, errors: { [error.field ?? "_form"]: error.message }, values }, { status: error.status });
  }
  throw redirect(`/fulfillment/${params.handle}/administration/cases/${params.caseId}?notice=sent`);
}

export default function PrintShopCases({ loaderData: d, actionData }: Route.ComponentProps) {
  const base = `/fulfillment/@${d.fulfiller.handle}/administration/cases`;
  const failure = actionData as { errors: Record<string, string>; values: Record<string, string> } | undefined;
  if (d.c) {
    const c = d.c;
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <Link component={RouterLink} to={base}>
          All cases
        </Link>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mt: 1, mb: 2 }}>
          Case {c.ref}
        </Typography>
        {d.notice === "sent" ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            Sent.
          </Alert>
        ) : null}
        {c.status === "waiting_on_print_shop" ? (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="case-waits-on-you">
            Platen waits on your answer.
          </Alert>
        ) : null}
        <CaseSummary c={c} photoUrl={(i) => `/cases/${c.id}/photos/${i + 1}`} />
        <CaseMessages c={c} />
        <ReplyForm c={c} errors={failure?.errors ?? {}} values={failure?.values ?? {}} />
      </Box>
    );
  }
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        Cases
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Shoppers' reports about items you made. A shipment shows on hold while its case is open; answer Platen on the case.
      </Typography>
      {d.rows.length ? (
        <TableContainer>
          <Table size="small" aria-label="Cases">
            <TableHead>
              <TableRow>
                <TableCell>Case</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Problem</TableCell>
                <TableCell>Order</TableCell>
                <TableCell>Warehouse</TableCell>
                <TableCell>Opened</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.rows.map((r) => (
                <TableRow key={r.id} data-testid="case-row" data-case-ref={r.ref}>
                  <TableCell>
                    <Link component={RouterLink} to={`${base}/${r.id}`} sx={{ fontWeight: 700 }}>
                      {r.ref}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <CaseStatusChip status={r.status} />
                  </TableCell>
                  <TableCell>
                    {CASE_KIND_LABELS[r.kind]} · {r.lineCount} {r.lineCount === 1 ? "item" : "items"}
                  </TableCell>
                  <TableCell>{r.orderNumber}</TableCell>
                  <TableCell>{r.warehouseName}</TableCell>
                  <TableCell sx={r.overdue ? { color: "error.main" } : undefined}>{r.opened}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Typography data-testid="cases-empty">No cases: nobody reported a problem with your items.</Typography>
      )}
    </Box>
  );
}
