import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import { TableContainer, Table, TableHead, TableBody, TableRow, TableCell } from "#app/components/ui/Table.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { z } from "zod";
import type { Route } from "./+types/wishes";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { ProductImage } from "#app/components/catalog/ProductImage.tsx";
import { productPath } from "#app/components/catalog/ProductCard.tsx";
import { FormError, errorsOf } from "#app/components/forms.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import {
  adminListRequests,
  closeProductRequest,
  mostWishedProducts,
  reopenProductRequest,
  requestStatusCounts,
} from "#server/modules/shopping/index.ts";
import { REQUEST_STATUSES, type RequestStatus } from "#server/modules/shopping/types.ts";
import { formatDate } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [{ title: "Wishes and requests · Platen" }];

const STATUS_LABELS: Record<RequestStatus, string> = { open: "Open", answered: "Answered", closed: "Closed" };

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const raw = url.searchParams.get("status");
  const status = (REQUEST_STATUSES as readonly string[]).includes(raw ?? "") ? (raw as RequestStatus) : null;
  const [requests, counts, mostWished] = await Promise.all([
    adminListRequests(ctx, status),
    requestStatusCounts(ctx),
    mostWishedProducts(ctx, 25),
  ]);
  return { status, requests, counts, mostWished, done: url.searchParams.get("done") };
}

const actionSchema = z.object({ intent: z.enum(["close", "reopen"]), requestId: z.string().min(1).max(64) });

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const parsed = parseForm(await readForm(request), actionSchema);
  if (!parsed.ok) return failure({ _form: "Unknown action." }, 400);
  try {
    if (parsed.data.intent === "close") await closeProductRequest(ctx, parsed.data.requestId);
    else await reopenProductRequest(ctx, parsed.data.requestId);
  } catch (e) {
    return failureFromError(e);
  }
  const back = new URL(request.headers.get("Referer") ?? "/admin/wishes", request.url);
  const status = back.pathname === "/admin/wishes" ? back.searchParams.get("status") : null;
  return redirect(`/admin/wishes?${status ? `status=${encodeURIComponent(status)}&` : ""}done=${parsed.data.intent}`);
}

export default function AdminWishes({ loaderData, actionData }: Route.ComponentProps) {
  const { status, requests, counts, mostWished, done } = loaderData;
  const errors = errorsOf(actionData);
  const total = counts.open + counts.answered + counts.closed;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Wishes and product requests
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        What shoppers want: requests for products that do not exist yet, and the products they heart most.
      </Typography>
      {done ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {done === "close" ? "The request was closed." : "The request was reopened."}
        </Alert>
      ) : null}
      <FormError errors={errors} />

      <Box component="section" aria-labelledby="requests-title" sx={{ mb: 5 }}>
        <Typography id="requests-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Product requests
        </Typography>
        <Stack direction="row" component="nav" aria-label="Filter requests by status" sx={{ flexWrap: "wrap", gap: 1, mb: 2 }}>
          <Chip
            component={Link}
            to="/admin/wishes"
            clickable
            label={`All (${total})`}
            color={status ? "default" : "primary"}
            variant={status ? "outlined" : "filled"}
            aria-current={status ? undefined : "page"}
          />
          {REQUEST_STATUSES.map((s) => (
            <Chip
              key={s}
              component={Link}
              to={`/admin/wishes?status=${s}`}
              clickable
              label={`${STATUS_LABELS[s]} (${counts[s]})`}
              color={status === s ? "primary" : "default"}
              variant={status === s ? "filled" : "outlined"}
              aria-current={status === s ? "page" : undefined}
            />
          ))}
        </Stack>
        {requests.length ? (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Product requests">
              <TableHead>
                <TableRow>
                  <TableCell>Request</TableCell>
                  <TableCell>Category</TableCell>
                  <TableCell>Budget</TableCell>
                  <TableCell>Answers</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>
                    <span
                      className="visually-hidden"
                      style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
                    >
                      Actions
                    </span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {requests.map((r) => (
                  <TableRow key={r.id} data-testid="admin-request-row">
                    <TableCell sx={{ maxWidth: 420 }}>
                      <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                        {r.idea.length > 200 ? `${r.idea.slice(0, 197)}…` : r.idea}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {r.authorName} · {formatDate(r.createdAt)}
                        {r.referenceImageUrl ? (
                          <>
                            {" · "}
                            <a href={r.referenceImageUrl}>reference image</a>
                          </>
                        ) : null}
                      </Typography>
                    </TableCell>
                    <TableCell>{r.categoryLabel}</TableCell>
                    <TableCell>{r.budgetMinor ? formatPrice(r.budgetMinor, r.budgetCurrency) : "—"}</TableCell>
                    <TableCell>
                      {r.answers.length
                        ? r.answers.map((a) => (
                            <Typography key={a.id} variant="body2">
                              {a.storeName}:{" "}
                              {a.product ? <Link to={productPath(a.product.id)}>{a.product.title}</Link> : "unavailable product"}
                            </Typography>
                          ))
                        : "None yet"}
                    </TableCell>
                    <TableCell>{STATUS_LABELS[r.status]}</TableCell>
                    <TableCell>
                      <Form method="post">
                        <input type="hidden" name="requestId" value={r.id} />
                        {r.status === "closed" ? (
                          <Button type="submit" name="intent" value="reopen" size="small">
                            Reopen
                          </Button>
                        ) : (
                          <Button type="submit" name="intent" value="close" size="small">
                            Close
                          </Button>
                        )}
                      </Form>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Typography color="text.secondary">No {status ? STATUS_LABELS[status].toLowerCase() : ""} requests.</Typography>
        )}
      </Box>

      <Box component="section" aria-labelledby="most-wished-title">
        <Typography id="most-wished-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Most-wished products
        </Typography>
        {mostWished.length ? (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Most-wished products">
              <TableHead>
                <TableRow>
                  <TableCell>Product</TableCell>
                  <TableCell>Store</TableCell>
                  <TableCell align="right">Wishes</TableCell>
                  <TableCell align="right">Last 30 days</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {mostWished.map((m) => (
                  <TableRow key={m.productId} data-testid="most-wished-row">
                    <TableCell>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                        <Box sx={{ width: 48, flexShrink: 0, borderRadius: 1, overflow: "hidden" }}>
                          <ProductImage image={m.card?.image ?? null} alt={m.card?.title ?? "Product"} sizes="48px" />
                        </Box>
                        {m.card ? <Link to={productPath(m.productId)}>{m.card.title}</Link> : m.productId}
                      </Stack>
                    </TableCell>
                    <TableCell>{m.card?.storeName ?? ""}</TableCell>
                    <TableCell align="right">{m.wishes}</TableCell>
                    <TableCell align="right">{m.recentWishes}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Typography color="text.secondary">No wishes yet.</Typography>
        )}
      </Box>
    </Box>
  );
}
