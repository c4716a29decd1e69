import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import { z } from "zod";
import type { Route } from "./+types/fulfillers";
import { errorsOf, valuesOf } from "#app/components/forms.tsx";
import { OutlinedField, OutlinedTextArea } from "#app/components/OutlinedField.tsx";
import { formatDateTime } from "#app/lib/dates.ts";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { requireAdmin } from "#app/lib/session.server.ts";
import { countryName } from "#server/contracts/index.ts";
import {
  approveFulfillerApplication,
  CAPABILITY_LABELS,
  listFulfillerApplications,
  listFulfillersForAdmin,
  rejectFulfillerApplication,
  setFulfillerStatus,
} from "#server/modules/fulfillment/index.ts";
import { getStoreByHandle, getStoresByIds } from "#server/modules/stores/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Print shops · Platen" }];

const label = (c: string) => CAPABILITY_LABELS[c as keyof typeof CAPABILITY_LABELS] ?? c;

/** The queue of print shop applications and the list of print shops (admins). */
export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const [applications, shops] = await Promise.all([listFulfillerApplications(ctx), listFulfillersForAdmin(ctx)]);
  const stores = await getStoresByIds(ctx, [...new Set(shops.map((s) => s.storeId).filter((id): id is string => Boolean(id)))]);
  const storeHandle = new Map(stores.map((s) => [s.id, s.handle]));
  return {
    notice: url.searchParams.get("notice"),
    applications: applications.map((a) => ({
      id: a.id,
      status: a.status,
      businessName: a.businessName,
      handle: a.handle,
      storeHandle: a.storeHandle,
      applicantName: a.applicantName,
      applicantEmail: a.applicantEmail,
      address: [a.address.line1, a.address.line2, `${a.address.postalCode} ${a.address.city}`.trim(), a.address.region]
        .filter(Boolean)
        .join(", "),
      country: countryName(a.address.country),
      techniques: a.techniques.map(label),
      capacityPerDay: a.capacityPerDay,
      termsVersion: a.termsVersion,
      termsAcceptedAt: formatDateTime(a.termsAcceptedAt),
      createdAt: formatDateTime(a.createdAt),
      decidedAt: a.decidedAt ? formatDateTime(a.decidedAt) : null,
      decisionNote: a.decisionNote,
    })),
    shops: shops.map((s) => ({
      id: s.id,
      handle: s.handle,
      name: s.name,
      status: s.status,
      suspensionReason: s.suspensionReason,
      ownerName: s.ownerName,
      ownerEmail: s.ownerEmail,
      techniques: s.capabilities.map(label),
      warehouseCount: s.warehouseCount,
      registered: Boolean(s.registeredAt),
      storeHandle: s.storeId ? (storeHandle.get(s.storeId) ?? null) : null,
      createdAt: formatDateTime(s.createdAt),
    })),
  };
}

const clipped = (max: number) =>
  z
    .string()
    .default("")
    .transform((s) => s.slice(0, max));
const actionSchema = z.object({
  intent: z.enum(["approve", "reject", "suspend", "reinstate"], { error: "Choose what to do." }),
  id: clipped(100),
  note: clipped(1000),
  reason: clipped(1000),
});

const back = (notice: string) => redirect(`/admin/fulfillers?notice=${encodeURIComponent(notice)}`);

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const parsed = parseForm(await readForm(request), actionSchema);
  if (!parsed.ok) return failure({ _form: "Choose approve, reject, suspend or reinstate." });
  const { intent, id, note, reason } = parsed.data;
  try {
    if (intent === "approve") {
      const { fulfiller } = await approveFulfillerApplication(ctx, id, note, {
        handleInUse: async (handle) => Boolean(await getStoreByHandle(ctx, handle)),
      });
      throw back(`Approved: the print shop @${fulfiller.handle} is open and the applicant was e-mailed.`);
    }
    if (intent === "reject") {
      await rejectFulfillerApplication(ctx, id, reason);
      throw back("Rejected; the applicant was e-mailed the reason.");
    }
    const shop = await setFulfillerStatus(ctx, id, intent === "suspend" ? "suspended" : "active", reason);
    throw back(
      intent === "suspend"
        ? `Suspended @${shop.handle}: no new orders reach it, its blanks left the designer and its open lines are held. Its owner was e-mailed.`
        : `Reinstated @${shop.handle}; its owner was e-mailed.`,
    );
  } catch (e) {
    if (e instanceof Response) throw e;
    return failureFromError(e, { id, intent });
  }
}

const APP_COLOR = { pending: "warning", approved: "success", rejected: "default" } as const;

export default function AdminFulfillers({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const failed = valuesOf(actionData);
  const busy = useNavigation().state === "submitting";
  const { applications, shops, notice } = loaderData;
  const pending = applications.filter((a) => a.status === "pending");
  const decided = applications.filter((a) => a.status !== "pending");
  const errFor = (id: string, intent: string) => (failed.id === id && failed.intent === intent ? errors : {});
  return (
    // The default layout (spec section 2), as the other admin pages of that section.
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 1 }}>
        Print shops
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: "75ch" }}>
        Approving an application opens the print shop, grants its owner the fulfiller role and e-mails them. A suspended print shop gets no
        new order lines, its blanks leave the designer and its open lines are held for the team.
      </Typography>
      {notice ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {notice}
        </Alert>
      ) : null}
      {errors._form && !failed.id ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errors._form}
        </Alert>
      ) : null}

      <Typography variant="h2" id="queue-h" sx={{ fontSize: "1.35rem", mb: 1 }}>
        Applications waiting ({pending.length})
      </Typography>
      {pending.length ? null : <Typography color="text.secondary">No application is waiting for review.</Typography>}
      <Stack spacing={2} component="ul" aria-labelledby="queue-h" sx={{ listStyle: "none", p: 0, m: 0, mb: 4 }}>
        {pending.map((a) => {
          const approveErr = errFor(a.id, "approve");
          const rejectErr = errFor(a.id, "reject");
          return (
            <Paper
              component="li"
              key={a.id}
              variant="outlined"
              sx={{ p: { xs: 2, sm: 3 } }}
              data-testid="fulfiller-application"
              data-handle={a.handle}
            >
              <Stack
                direction={{ xs: "column", sm: "row" }}
                spacing={1}
                sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
              >
                <Box>
                  <Typography variant="h3" sx={{ fontSize: "1.2rem" }}>
                    {a.businessName}{" "}
                    <Typography component="span" color="text.secondary">
                      @{a.handle}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {a.applicantName} · {a.applicantEmail} · store{" "}
                    <MuiLink component={Link} to={`/shop/partners/@${a.storeHandle}`}>
                      @{a.storeHandle}
                    </MuiLink>{" "}
                    · applied {a.createdAt}
                  </Typography>
                </Box>
                <Chip label="pending" color="warning" sx={{ alignSelf: { xs: "flex-start", sm: "center" } }} />
              </Stack>
              <Box
                component="dl"
                sx={{
                  display: "grid",
                  gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
                  columnGap: 2,
                  rowGap: 0.5,
                  mt: 1.5,
                  mb: 0,
                }}
              >
                <Typography component="dt" variant="body2" color="text.secondary">
                  Address
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }} suppressHydrationWarning>
                  {a.address}, {a.country}
                </Typography>
                <Typography component="dt" variant="body2" color="text.secondary">
                  Techniques
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {a.techniques.join(", ")}
                </Typography>
                <Typography component="dt" variant="body2" color="text.secondary">
                  Daily capacity
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {a.capacityPerDay.toLocaleString("en-US")} units
                </Typography>
                <Typography component="dt" variant="body2" color="text.secondary">
                  Terms accepted
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  Version {a.termsVersion}, {a.termsAcceptedAt}
                </Typography>
              </Box>
              {approveErr._form || rejectErr._form ? (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {approveErr._form ?? rejectErr._form}
                </Alert>
              ) : null}
              <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2, mt: 2 }}>
                <Form method="post" aria-label={`Approve ${a.businessName}`}>
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="id" value={a.id} />
                  <OutlinedTextArea
                    name="note"
                    label={`Note to ${a.businessName} (optional)`}
                    fullWidth
                    minRows={2}
                    size="small"
                    helperText="Included in the approval e-mail."
                  />
                  <Button type="submit" variant="contained" color="success" sx={{ mt: 1 }} disabled={busy}>
                    Approve
                  </Button>
                </Form>
                <Form method="post" aria-label={`Reject ${a.businessName}`}>
                  <input type="hidden" name="intent" value="reject" />
                  <input type="hidden" name="id" value={a.id} />
                  <OutlinedTextArea
                    name="reason"
                    label={`Reason for rejecting ${a.businessName}`}
                    fullWidth
                    minRows={2}
                    size="small"
                    error={Boolean(rejectErr.reason)}
                    helperText={rejectErr.reason ?? "The applicant reads this."}
                  />
                  <Button type="submit" variant="outlined" color="error" sx={{ mt: 1 }} disabled={busy}>
                    Reject
                  </Button>
                </Form>
              </Box>
            </Paper>
          );
        })}
      </Stack>

      <Typography variant="h2" id="shops-h" sx={{ fontSize: "1.35rem", mb: 1 }}>
        Print shops ({shops.length})
      </Typography>
      <Stack spacing={2} component="ul" aria-labelledby="shops-h" sx={{ listStyle: "none", p: 0, m: 0, mb: 4 }}>
        {shops.map((s) => {
          const err = errFor(s.id, s.status === "active" ? "suspend" : "reinstate");
          return (
            <Paper component="li" key={s.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="fulfiller" data-handle={s.handle}>
              <Stack
                direction={{ xs: "column", sm: "row" }}
                spacing={1}
                sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
              >
                <Box>
                  <Typography variant="h3" sx={{ fontSize: "1.2rem" }}>
                    {s.name}{" "}
                    <Typography component="span" color="text.secondary">
                      @{s.handle}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {s.ownerName} · {s.ownerEmail} · {s.warehouseCount} {s.warehouseCount === 1 ? "warehouse" : "warehouses"} ·{" "}
                    {s.techniques.join(", ") || "no print method yet"}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    <MuiLink component={Link} to={`/fulfillment/@${s.handle}/administration`}>
                      Administration
                    </MuiLink>
                    {s.storeHandle && s.registered && s.status === "active" ? (
                      <>
                        {" · "}
                        <MuiLink component={Link} to={`/shop/partners/@${s.storeHandle}/fulfillment/@${s.handle}`}>
                          Public page
                        </MuiLink>
                      </>
                    ) : null}
                  </Typography>
                </Box>
                <Chip
                  label={s.status === "suspended" ? "suspended" : s.registered ? "active" : "approved, not set up"}
                  color={s.status === "suspended" ? "error" : s.registered ? "success" : "warning"}
                  variant="outlined"
                  sx={{ alignSelf: { xs: "flex-start", sm: "center" } }}
                />
              </Stack>
              {s.status === "suspended" ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  Suspended: {s.suspensionReason}
                </Typography>
              ) : null}
              {err._form ? (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {err._form}
                </Alert>
              ) : null}
              {s.status === "active" ? (
                <Form method="post" aria-label={`Suspend ${s.name}`}>
                  <input type="hidden" name="intent" value="suspend" />
                  <input type="hidden" name="id" value={s.id} />
                  <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 2, alignItems: { sm: "flex-start" } }}>
                    <OutlinedField
                      name="reason"
                      label={`Reason for suspending ${s.name}`}
                      size="small"
                      fullWidth
                      error={Boolean(err.reason)}
                      helperText={err.reason ?? "Its owner reads this."}
                    />
                    <Button type="submit" variant="outlined" color="error" disabled={busy} sx={{ flexShrink: 0 }}>
                      Suspend
                    </Button>
                  </Stack>
                </Form>
              ) : (
                <Form method="post" aria-label={`Reinstate ${s.name}`}>
                  <input type="hidden" name="intent" value="reinstate" />
                  <input type="hidden" name="id" value={s.id} />
                  <Button type="submit" variant="outlined" color="success" disabled={busy} sx={{ mt: 2 }}>
                    Reinstate
                  </Button>
                </Form>
              )}
            </Paper>
          );
        })}
      </Stack>

      <Typography variant="h2" id="decided-h" sx={{ fontSize: "1.35rem", mb: 1 }}>
        Decided applications ({decided.length})
      </Typography>
      {decided.length ? (
        <Stack spacing={1} component="ul" aria-labelledby="decided-h" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {decided.map((a) => (
            <Paper component="li" key={a.id} variant="outlined" sx={{ p: 2 }} data-testid="fulfiller-application" data-handle={a.handle}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap" }}>
                <Typography>
                  <strong>{a.businessName}</strong> @{a.handle} · {a.applicantEmail}
                </Typography>
                <Chip label={a.status} color={APP_COLOR[a.status]} variant="outlined" size="small" />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Decided {a.decidedAt}
                {a.decisionNote ? ` · ${a.status === "approved" ? "Note" : "Reason"}: ${a.decisionNote}` : ""}
              </Typography>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">No application was decided yet.</Typography>
      )}
    </Container>
  );
}
