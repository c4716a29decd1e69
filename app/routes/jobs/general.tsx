import ArrowBack from "@mui/icons-material/ArrowBack";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/general";
import { errorsOf, valuesOf } from "#app/components/forms.tsx";
import { ApplicationConfirmation, ApplicationForm } from "#app/components/jobs/ApplicationForm.tsx";
import { handleApplication } from "#app/lib/jobs/apply.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return { applied: new URL(request.url).searchParams.get("applied") === "1" };
}

export async function action({ request }: Route.ActionArgs) {
  return handleApplication(request, null);
}

export const meta: Route.MetaFunction = () => [
  { title: "Open application · Platen" },
  {
    name: "description",
    content: "No open role that fits? Send Platen an open application with your CV, and we will keep you in mind for what comes next.",
  },
];

export default function GeneralApplication({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={Link} to="/jobs" startIcon={<ArrowBack aria-hidden />} sx={{ mb: 2 }}>
        All open roles
      </Button>
      <Typography variant="h1" gutterBottom sx={{ fontSize: { xs: "1.8rem", sm: "2.25rem" } }}>
        Open application
      </Typography>
      <Typography sx={{ fontSize: "1.1rem", mb: 1 }}>
        No listing that fits what you do? We still want to hear from people who care about artists, print craft and well-built software.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Tell us what you would like to work on and attach your CV. We read every open application and get in touch when a role opens that
        matches what you do.
      </Typography>
      <Box component="section" id="apply" aria-labelledby="apply-heading">
        <Typography id="apply-heading" variant="h2" gutterBottom>
          Your application
        </Typography>
        {loaderData.applied ? (
          <ApplicationConfirmation jobTitle={null} />
        ) : (
          <ApplicationForm errors={errorsOf(actionData)} values={valuesOf(actionData)} />
        )}
      </Box>
    </Container>
  );
}
