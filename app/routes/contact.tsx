import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/contact";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { echoValues, failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { getCtx, getSession } from "#app/lib/session.server.ts";
import { createContactMessage } from "#server/modules/support/index.ts";
import {
  CONTACT_TOPICS,
  ContactInput,
  contactReference,
  isContactTopic,
  MESSAGE_MAX,
  MESSAGE_MIN,
  TOPIC_LABELS,
} from "#server/modules/support/types.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Contact us · Platen" },
  {
    name: "description",
    content: "Write to the Platen team about an order, selling your art, printing for Platen, press or privacy. We answer every message.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const session = await getSession(request);
  const topic = url.searchParams.get("topic");
  const user = session?.user;
  return {
    sent: url.searchParams.get("sent") === "1",
    reference: /^C-[0-9A-Z]{8}$/.test(url.searchParams.get("ref") ?? "") ? url.searchParams.get("ref") : null,
    signedIn: Boolean(user),
    defaults: {
      name: user ? user.displayName || [user.firstName, user.lastName].filter(Boolean).join(" ") : "",
      email: user?.email ?? "",
      topic: isContactTopic(topic) ? topic : "",
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = parseForm(form, ContactInput);
  if (!parsed.ok) return failure(parsed.errors, 400, parsed.values);
  let id: string;
  try {
    ({ id } = await createContactMessage(await getCtx(request), parsed.data));
  } catch (error) {
    return failureFromError(error, echoValues(form));
  }
  return redirect(`/contact?sent=1&ref=${contactReference(id)}`);
}

const HELP = [
  {
    title: "A problem with an order?",
    text: "Misprinted, damaged or missing items are covered by our guarantee. Include your order number so we can help at once.",
  },
  {
    title: "Want to sell or print with us?",
    text: "Tell us about your work or your print shop: what you make, where you are, and a link to your portfolio or website.",
  },
  {
    title: "Your personal data",
    text: "For a copy of your data or to delete your account, choose the privacy topic. We answer within one month.",
  },
];

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  const { defaults } = loaderData;
  const value = (k: "name" | "email" | "topic" | "message") => values[k] ?? (k === "message" ? "" : defaults[k]);

  if (loaderData.sent) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 5, md: 8 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: "center" }} role="status" data-testid="contact-sent">
          <CheckCircleOutline color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden="true" />
          <Typography variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.1rem" } }} gutterBottom>
            Thank you, your message has been sent
          </Typography>
          {loaderData.reference ? (
            <Typography sx={{ mb: 1 }}>
              Your reference: <strong data-testid="contact-reference">{loaderData.reference}</strong>
            </Typography>
          ) : null}
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            We have e-mailed you a copy of your message. Our team reads every message and usually replies within 2 business days, by e-mail
            to the address you gave us.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            In the meantime, you may find your answer in our FAQs.
          </Typography>
          <Box sx={{ display: "flex", gap: 1.5, justifyContent: "center", flexWrap: "wrap" }}>
            <Button variant="contained" component={Link} to="/">
              Back to the home page
            </Button>
            <Button variant="outlined" component={Link} to="/shop/faqs">
              Read the FAQs
            </Button>
            <Button variant="text" component={Link} to="/contact">
              Send another message
            </Button>
          </Box>
        </Paper>
      </Container>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        Contact us
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: "65ch" }}>
        Questions, problems, ideas: write to the Platen team and a real person will answer, usually within 2 business days.
      </Typography>
      <Box
        sx={{
          display: "grid",
          gap: { xs: 4, md: 6 },
          gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1.6fr) minmax(0, 1fr)" },
          alignItems: "start",
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Form method="post" noValidate key={defaults.topic}>
            <Typography variant="h2" id="contact-form-title" sx={{ fontSize: "1.3rem", mb: 2 }}>
              Send us a message
            </Typography>
            {loaderData.signedIn ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                You are signed in, so we have filled in your name and e-mail address. We will link your message to your account.
              </Alert>
            ) : null}
            <FormError errors={errors} />
            <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
              <TextField
                id="contact-name"
                name="name"
                label="Your name"
                required
                autoComplete="name"
                defaultValue={value("name")}
                error={Boolean(errors.name)}
                helperText={errors.name}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <TextField
                id="contact-email"
                name="email"
                type="email"
                label="E-mail"
                required
                autoComplete="email"
                defaultValue={value("email")}
                error={Boolean(errors.email)}
                helperText={errors.email ?? "We reply to this address."}
              />
              <TextField
                id="contact-topic"
                name="topic"
                label="Topic"
                select
                required
                defaultValue={value("topic")}
                error={Boolean(errors.topic)}
                helperText={errors.topic}
                sx={{ gridColumn: { sm: "1 / -1" } }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="" disabled>
                  Choose a topic
                </option>
                {CONTACT_TOPICS.map((t) => (
                  <option key={t} value={t}>
                    {TOPIC_LABELS[t]}
                  </option>
                ))}
              </TextField>
              <TextField
                id="contact-message"
                name="message"
                label="Message"
                required
                multiline
                minRows={6}
                defaultValue={value("message")}
                error={Boolean(errors.message)}
                helperText={
                  errors.message ??
                  `Between ${MESSAGE_MIN} and ${MESSAGE_MAX.toLocaleString("en-US")} characters. For an order, include the order number.`
                }
                sx={{ gridColumn: { sm: "1 / -1" } }}
                slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
              />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              We use your details only to answer you, as described in our{" "}
              <MuiLink underline="always" component={Link} to="/legal/privacyPolicy">
                privacy policy
              </MuiLink>
              .
            </Typography>
            <Button type="submit" variant="contained" size="large" sx={{ mt: 3 }} disabled={sending}>
              {sending ? "Sending…" : "Send message"}
            </Button>
          </Form>
        </Paper>
        <Box component="aside" aria-labelledby="contact-help-title">
          <Typography variant="h2" id="contact-help-title" sx={{ fontSize: "1.3rem", mb: 2 }}>
            Before you write
          </Typography>
          <Box sx={{ display: "grid", gap: 2 }}>
            {HELP.map((h) => (
              <Box key={h.title}>
                <Typography variant="h3" sx={{ fontSize: "1.05rem", mb: 0.5 }}>
                  {h.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {h.text}
                </Typography>
              </Box>
            ))}
            <Typography variant="body2">
              Many questions are answered in our{" "}
              <MuiLink underline="always" component={Link} to="/shop/faqs">
                FAQs
              </MuiLink>{" "}
              and on{" "}
              <MuiLink underline="always" component={Link} to="/shop/shoppers">
                how buying works
              </MuiLink>
              .
            </Typography>
          </Box>
        </Box>
      </Box>
    </Container>
  );
}
