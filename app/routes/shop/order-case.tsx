// /shop/orders/{id}/cases/{caseId}: the shopper's case (issue 23 §3): what was reported, the
// answers from Platen and the print shop (never the internal notes), the resolution, and a form to
// reply. The order's account or whoever holds its signed link (`?token=`); anyone else gets the 404
// page. An admin may look, not write.
import Alert from "@mui/material/Alert";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "#app/components/ui/Typography.tsx";
import { data, redirect } from "react-router";
import { Link as RouterLink } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/order-case";
import { CaseMessages, CaseSummary, ReplyForm } from "#app/components/cases/CaseThread.tsx";
import { echoValues, readForm } from "#app/lib/forms.server.ts";
import { accessFromPath, notFoundResponse, orNotFound } from "#app/lib/order-access.server.ts";
import { getCtx } from "#app/lib/session.server.ts";
import { AppError } from "#server/kernel/index.ts";
import { getCase, postCaseMessage } from "#server/modules/cases/index.ts";

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d ? `Case ${d.c.ref} · Platen` : "Case · Platen" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

/** The order's page, with its signed link when the page was reached with one. */
const orderLink = (orderId: string, token: string | null) =>
  `/shop/orders/${encodeURIComponent(orderId)}${token ? `?${new URLSearchParams({ token }).toString()}` : ""}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await getCtx(request);
  const access = accessFromPath(request, params.id);
  const c = await orNotFound(request, () => getCase(ctx, { caseId: params.caseId, as: "shopper", token: access.token }));
  if (c.orderId !== access.orderId) throw notFoundResponse(request);
  return { c, token: access.token, sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await getCtx(request);
  const access = accessFromPath(request, params.id);
  const form = await readForm(request);
  const values = echoValues(form);
  try {
    const c = await getCase(ctx, { caseId: params.caseId, as: "shopper", token: access.token });
    if (c.orderId !== access.orderId) throw notFoundResponse(request);
    if (form.get("intent") !== "reply")
      return data(
        { ok: false, errors: { _form: "Something went wrong with that form. Reload the page and try again." }, values },
        { status: 400 },
      );
    await postCaseMessage(ctx, { caseId: params.caseId, as: "shopper", token: access.token, body: String(form.get("body") ?? "") });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.status === 404) throw notFoundResponse(request);
    return data({ ok: false, errors: { [error.field ?? "_form"]: error.message }, values }, { status: error.status });
  }
  const q = new URLSearchParams({ ...(access.token ? { token: access.token } : {}), sent: "1" });
  throw redirect(`/shop/orders/${encodeURIComponent(access.orderId)}/cases/${params.caseId}?${q.toString()}`);
}

export default function ShopperCase({ loaderData, actionData }: Route.ComponentProps) {
  const { c, token, sent } = loaderData;
  const failure = actionData as { errors: Record<string, string>; values: Record<string, string> } | undefined;
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Link component={RouterLink} to={orderLink(c.orderId, token)}>
        Back to order {c.orderNumber}
      </Link>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mt: 1, mb: 2 }}>
        Your case {c.ref}
      </Typography>
      {sent ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          Sent. We e-mail you when there is an answer.
        </Alert>
      ) : null}
      <CaseSummary c={c} photoUrl={(i) => `/cases/${c.id}/photos/${i + 1}${q}`} />
      <CaseMessages c={c} />
      <ReplyForm c={c} errors={failure?.errors ?? {}} values={failure?.values ?? {}} />
    </Container>
  );
}
