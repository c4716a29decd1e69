import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { requireAdmin } from "#app/lib/session.server.ts";

// Placeholder: replaced by its feature.
export async function loader({ request }: { request: Request }) {
  void request;
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h1">Edit job</Typography>
    </Container>
  );
}
