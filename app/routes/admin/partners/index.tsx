import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import MenuItem from "@mui/material/MenuItem";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/index";
import { errorsOf, valuesOf } from "#app/components/forms.tsx";
import { failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { requireAdmin } from "#app/lib/session.server.ts";
import { listStoresForAdmin, reinstateStore, setStoreFeatured, suspendStore } from "#server/modules/stores/index.ts";
import { formatDate } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [{ title: "Partners · Platen" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { ctx } = await requireAdmin(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const st = url.searchParams.get("status");
  const status = st === "active" || st === "suspended" ? st : "all";
  const rows = await listStoresForAdmin(ctx, { q, status });
  return {
    q,
    status,
    notice: url.searchParams.get("notice"),
    stores: rows.map((s) => ({
      id: s.id,
      handle: s.handle,
      name: s.name,
      ownerEmail: s.ownerEmail,
      ownerName: s.ownerName,
      status: s.status,
      suspendedReason: s.suspendedReason,
      featured: s.featured,
      fanClubCount: s.fanClubCount,
      createdAt: formatDate(s.createdAt),
    })),
  };
}

const clipped = (max: number) =>
  z
    .string()
    .default("")
    .transform((s) => s.slice(0, max));
const actionSchema = z.object({
  intent: z.enum(["suspend", "reinstate", "feature", "unfeature"]),
  id: clipped(100),
  reason: clipped(1000),
});

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireAdmin(request);
  const parsed = parseForm(await readForm(request), actionSchema);
  if (!parsed.ok) return failure({ _form: "Unknown action." });
  const { intent, id, reason } = parsed.data;
  const back = (notice: string) => redirect(`/admin/partners?notice=${encodeURIComponent(notice)}`);
  try {
    switch (intent) {
      case "suspend":
        await suspendStore(ctx, id, reason);
        return back("The store is suspended and hidden from shoppers; its owner was e-mailed.");
      case "reinstate":
        await reinstateStore(ctx, id);
        return back("The store is active again.");
      case "feature":
        await setStoreFeatured(ctx, id, true);
        return back("The store is featured on the home page.");
      case "unfeature":
        await setStoreFeatured(ctx, id, false);
        return back("The store is no longer featured.");
    }
  } catch (e) {
    return failureFromError(e, { id });
  }
}

export default function AdminPartners({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const failedId = valuesOf(actionData).id ?? null;
  const { stores, q, status, notice } = loaderData;
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 1 }}>
        Partners
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every store and its owner. Suspending hides a store and its products from shoppers.{" "}
        <MuiLink component={Link} to="/admin/partners/applicants" underline="always">
          Review applicants
        </MuiLink>
      </Typography>
      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      <Form method="get" role="search">
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mb: 3 }}>
          <TextField
            name="q"
            label="Search stores"
            defaultValue={q}
            size="small"
            sx={{ flexGrow: 1 }}
            placeholder="Name, @handle or owner e-mail"
          />
          <TextField name="status" label="Status" select defaultValue={status} size="small" sx={{ minWidth: 150 }}>
            <MenuItem value="all">All</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="suspended">Suspended</MenuItem>
          </TextField>
          <Button type="submit" variant="outlined">
            Search
          </Button>
        </Stack>
      </Form>
      {stores.length === 0 ? <Typography>No store matches.</Typography> : null}
      <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {stores.map((s) => {
          const err = failedId === s.id ? errors : {};
          return (
            <Paper component="li" key={s.id} variant="outlined" sx={{ p: 2 }} data-testid="store-row" data-handle={s.handle}>
              <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h2" sx={{ fontSize: "1.15rem" }}>
                    <MuiLink component={Link} to={`/shop/partners/@${s.handle}`} underline="hover">
                      {s.name}
                    </MuiLink>{" "}
                    <Typography component="span" color="text.secondary">
                      @{s.handle}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {s.ownerName} · {s.ownerEmail} · since {s.createdAt} · {s.fanClubCount} fan club members
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                    <Chip size="small" label={s.status} color={s.status === "active" ? "success" : "warning"} variant="outlined" />
                    {s.featured ? <Chip size="small" label="Featured" color="primary" /> : null}
                  </Stack>
                  {s.status === "suspended" && s.suspendedReason ? (
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      Reason: {s.suspendedReason}
                    </Typography>
                  ) : null}
                  {err._form ? (
                    <Alert severity="error" role="alert" sx={{ mt: 1 }}>
                      {err._form}
                    </Alert>
                  ) : null}
                </Box>
                <Stack spacing={1} sx={{ minWidth: { md: 320 } }}>
                  {s.status === "active" ? (
                    <>
                      <Form method="post">
                        <input type="hidden" name="id" value={s.id} />
                        <input type="hidden" name="intent" value={s.featured ? "unfeature" : "feature"} />
                        <Button type="submit" size="small" variant="outlined">
                          {s.featured ? "Stop featuring" : "Feature on the home page"}
                        </Button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="id" value={s.id} />
                        <input type="hidden" name="intent" value="suspend" />
                        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
                          <TextField
                            name="reason"
                            label={`Reason to suspend ${s.name}`}
                            size="small"
                            fullWidth
                            error={Boolean(err.reason)}
                            helperText={err.reason}
                          />
                          <Button type="submit" color="error" variant="outlined">
                            Suspend
                          </Button>
                        </Stack>
                      </Form>
                    </>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="id" value={s.id} />
                      <input type="hidden" name="intent" value="reinstate" />
                      <Button type="submit" variant="contained">
                        Reinstate
                      </Button>
                    </Form>
                  )}
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
