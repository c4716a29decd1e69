import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/team-invite";
import { errorsOf, FormError } from "#app/components/forms.tsx";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { failureFromError } from "#app/lib/forms.server.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { acceptInvitation, getInvitation } from "#server/modules/stores/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Team invitation · Platen" }, { name: "robots", content: "noindex" }];

async function load(request: Request, token: string) {
  const s = await requireUser(request);
  const invitation = await getInvitation(s.ctx, token);
  if (!invitation) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  return { ...s, invitation };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, invitation } = await load(request, params.token);
  return { invitation, signedInAs: user.email, matches: user.emailNormalized === invitation.email };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx } = await load(request, params.token);
  try {
    const { storeHandle } = await acceptInvitation(ctx, params.token);
    return redirect(`/shop/partners/@${storeHandle}/administration`);
  } catch (e) {
    return failureFromError(e);
  }
}

export default function TeamInvite({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const { invitation, signedInAs, matches } = loaderData;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" } }}>
        Join {invitation.storeName}
      </Typography>
      <FormError errors={errors} />
      {invitation.status === "active" ? (
        <Alert severity="info">This invitation was already accepted.</Alert>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            You are invited to the team of {invitation.storeName} (@{invitation.storeHandle}) with access to:{" "}
            {invitation.permissions.length ? invitation.permissions.join(", ") : "the store's administration (view only)"}.
          </Typography>
          {!matches ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              This invitation is for {invitation.email}, but you are signed in as {signedInAs}. Sign out and sign in with {invitation.email}{" "}
              to accept it.
            </Alert>
          ) : null}
          <Form method="post">
            <Button type="submit" variant="contained" disabled={!matches}>
              Accept the invitation
            </Button>
          </Form>
        </>
      )}
    </Container>
  );
}
