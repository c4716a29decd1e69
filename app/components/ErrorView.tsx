import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "#app/components/ui/Typography.tsx";
import { Link } from "#app/components/ui/Link.tsx";
import { notFoundMessage } from "#app/lib/not-found.ts";

/** Spec texts (section 2 and 8): contracts, keep verbatim. */
export const NOT_FOUND_TITLE = "Page Not Found";
export const SERVER_ERROR_TITLE = "Internal Server Error";
export { notFoundMessage };

export function ErrorView({ status, message, detail, path }: { status: number; message?: string; detail?: string; path: string }) {
  const title =
    status === 404 ? NOT_FOUND_TITLE : status === 403 ? "Access denied" : status < 500 ? "Something is not right" : SERVER_ERROR_TITLE;
  const body =
    status === 404
      ? (message ?? notFoundMessage(path))
      : status === 403
        ? (message ?? "You do not have access to this page.")
        : status < 500
          ? (message ?? "The request could not be completed.")
          : "Something went wrong on our side. Please try again in a moment.";
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: "center" }}>
      <Typography component="p" variant="overline" color="text.secondary">
        Error {status}
      </Typography>
      <Typography variant="h1" gutterBottom data-testid="error-title">
        {title}
      </Typography>
      <Typography color="text.secondary" data-testid="error-message" sx={{ overflowWrap: "anywhere" }}>
        {body}
      </Typography>
      {detail ? (
        <Box component="pre" sx={{ textAlign: "left", fontSize: 12, overflow: "auto", mt: 3, p: 2, bgcolor: "action.hover" }}>
          {detail}
        </Box>
      ) : null}
      <Box sx={{ mt: 4, display: "flex", gap: 2, justifyContent: "center", flexWrap: "wrap" }}>
        <Button variant="contained" component={Link} to="/">
          Go to the home page
        </Button>
        {status === 403 ? (
          <Button variant="outlined" component={Link} to="/account">
            Your account
          </Button>
        ) : (
          <Button variant="outlined" component={Link} to="/contact">
            Contact us
          </Button>
        )}
      </Box>
    </Container>
  );
}
