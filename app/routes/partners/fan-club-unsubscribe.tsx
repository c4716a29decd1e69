import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "#app/components/ui/Typography.tsx";
import { Form } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/fan-club-unsubscribe";
import { notFoundMessage } from "#app/components/ErrorView.tsx";
import { getCtx } from "#app/lib/session.server.ts";
import { getUnsubscribeInfo, unsubscribeByToken } from "#server/modules/stores/index.ts";

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe · Platen" }, { name: "robots", content: "noindex" }];

async function info(request: Request, token: string) {
  const found = await getUnsubscribeInfo(await getCtx(request), token);
  if (!found) throw new Response(notFoundMessage(new URL(request.url).pathname), { status: 404, statusText: "Not Found" });
  return found;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await info(request, params.token);
  return { ...found, done: false };
}

export async function action({ request, params }: Route.ActionArgs) {
  const found = await info(request, params.token);
  await unsubscribeByToken(await getCtx(request), params.token);
  return { ...found, emailOptIn: false, done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const d = actionData ?? loaderData;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" } }}>
        Fan club e-mails
      </Typography>
      {d.done || !d.emailOptIn ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          You will no longer get e-mails about new products from {d.storeName}. You are still a fan club member; you can leave the club on
          its page.
        </Alert>
      ) : (
        <>
          <Typography sx={{ mb: 3 }}>
            Stop the e-mails about new products from {d.storeName} (@{d.storeHandle})? You stay a member of the fan club.
          </Typography>
          <Form method="post">
            <Button type="submit" variant="contained">
              Unsubscribe
            </Button>
          </Form>
        </>
      )}
      <Button component={Link} to={`/shop/partners/@${d.storeHandle}/fanClub`} sx={{ mt: 2 }}>
        Go to the fan club of {d.storeName}
      </Button>
    </Container>
  );
}
