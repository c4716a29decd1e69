import Lightbulb from "@mui/icons-material/LightbulbOutlined";
import Storefront from "@mui/icons-material/StorefrontOutlined";
import MarkEmailRead from "@mui/icons-material/MarkEmailReadOutlined";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/product-request";
import { formatPrice } from "#app/components/catalog/PriceText.tsx";
import { ProductImage } from "#app/components/catalog/ProductImage.tsx";
import { productPath } from "#app/components/catalog/ProductCard.tsx";
import { FormError, errorsOf, valuesOf } from "#app/components/forms.tsx";
import { echoValues, failure, failureFromError, formText, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { storageFailure } from "#app/lib/storage-errors.server.ts";
import { getSession, requireUser } from "#app/lib/session.server.ts";
import { CATEGORIES, CATEGORY_LABELS } from "#server/modules/catalog/types.ts";
import {
  answerChoices,
  answerProductRequest,
  closeProductRequest,
  createProductRequest,
  listMyRequests,
  listOpenRequests,
  type ProductRequestView,
} from "#server/modules/shopping/index.ts";
import { REQUEST_IDEA_MAX, REQUEST_IDEA_MIN } from "#server/modules/shopping/types.ts";
import { formatLongDate } from "#app/lib/dates.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Request a product · Platen" },
  {
    name: "description",
    content: "Can't find it on Platen? Describe the product you wish existed and our partner artists answer with their designs.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSession(request);
  const url = new URL(request.url);
  const notice = url.searchParams.get("done");
  if (!session) return { signedIn: false as const, notice: null, mine: [], open: [], choices: [] };
  const { ctx } = await requireUser(request);
  const [mine, choices] = await Promise.all([listMyRequests(ctx), answerChoices(ctx)]);
  const open = choices.length ? (await listOpenRequests(ctx)).filter((r) => !mine.some((m) => m.id === r.id)) : [];
  return { signedIn: true as const, notice, mine, open, choices };
}

// The domain checks each field (with the messages shown next to it); the form only sorts the intents.
const productRequestActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("create"),
      idea: formText(),
      category: formText(),
      budget: formText(),
      image: z.unknown().transform((v) => (v instanceof File ? v : null)),
    }),
    z.object({ intent: z.literal("answer"), requestId: formText(), productId: formText(), message: formText() }),
    z.object({ intent: z.literal("close"), requestId: formText() }),
  ],
  { error: "Unknown action." },
);

export async function action({ request }: Route.ActionArgs) {
  const { ctx } = await requireUser(request);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch {
    return failure({ image: "The upload could not be read. Try a smaller image (up to 8 MB)." }, 413);
  }
  const parsed = parseForm(form, productRequestActionSchema);
  if (!parsed.ok) return failure(parsed.errors, 422, parsed.values);
  const input = parsed.data;
  const values = { ...echoValues(form), intent: input.intent };
  try {
    if (input.intent === "create") {
      const { id } = await createProductRequest(ctx, { idea: input.idea, category: input.category, budget: input.budget }, input.image);
      return redirect(`/product-request?done=created#request-${id}`);
    }
    if (input.intent === "answer") {
      await answerProductRequest(ctx, { requestId: input.requestId, productId: input.productId, message: input.message });
      return redirect(`/product-request?done=answered#open-${input.requestId}`);
    }
    await closeProductRequest(ctx, input.requestId);
    return redirect("/product-request?done=closed");
  } catch (e) {
    return storageFailure(e, "image", values) ?? failureFromError(e, values);
  }
}

const NOTICES: Record<string, string> = {
  created: "Your request is posted. Partners can answer now; we will e-mail you when one does.",
  answered: "Your answer was sent. The shopper gets an e-mail with your product.",
  closed: "The request is closed.",
};

const STATUS_LABELS = { open: "Waiting for answers", answered: "Answered", closed: "Closed" } as const;

function HowItWorks() {
  const steps = [
    {
      icon: <Lightbulb color="primary" />,
      title: "Describe your idea",
      text: "Tell us what you would love to own: a design, a theme, the kind of product and your budget. Add a sketch or photo if it helps.",
    },
    {
      icon: <Storefront color="primary" />,
      title: "Partners answer",
      text: "Independent artists selling on Platen see open requests and answer with one of their products.",
    },
    {
      icon: <MarkEmailRead color="primary" />,
      title: "We tell you",
      text: "You get an e-mail for every answer, and all answers are listed here, ready to buy.",
    },
  ];
  return (
    <Grid
      container
      spacing={2}
      sx={{ my: 3 }}
      component="ol"
      aria-label="How product requests work"
      style={{ listStyle: "none", padding: 0 }}
    >
      {steps.map((s, i) => (
        <Grid key={s.title} size={{ xs: 12, md: 4 }} component="li">
          <Paper variant="outlined" sx={{ p: 2.5, height: "100%", borderRadius: 3 }}>
            {s.icon}
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mt: 1 }}>
              {i + 1}. {s.title}
            </Typography>
            <Typography color="text.secondary">{s.text}</Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

function RequestSummary({ r }: { r: ProductRequestView }) {
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      {r.referenceImageUrl ? (
        <Box
          component="img"
          src={r.referenceImageUrl}
          alt="Reference image for the request"
          loading="lazy"
          sx={{ width: { xs: "100%", sm: 120 }, maxHeight: 160, objectFit: "cover", borderRadius: 2, bgcolor: "action.hover" }}
        />
      ) : null}
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: "wrap", gap: 1 }}>
          <Chip size="small" label={r.categoryLabel} />
          <Chip
            size="small"
            variant="outlined"
            color={r.status === "closed" ? "default" : r.status === "answered" ? "success" : "primary"}
            label={STATUS_LABELS[r.status]}
          />
          {r.budgetMinor ? <Chip size="small" variant="outlined" label={`Budget ${formatPrice(r.budgetMinor, r.budgetCurrency)}`} /> : null}
        </Stack>
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.idea}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {r.authorName ? `Asked by ${r.authorName} on ` : "Asked on "}
          {formatLongDate(r.createdAt)}
        </Typography>
      </Box>
    </Stack>
  );
}

function Answers({ r }: { r: ProductRequestView }) {
  if (!r.answers.length) return <Typography color="text.secondary">No answers yet. We will e-mail you when a partner answers.</Typography>;
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Answers">
      {r.answers.map((a) => (
        <Box
          component="li"
          key={a.id}
          data-testid="request-answer"
          sx={{ display: "grid", gridTemplateColumns: "80px 1fr", gap: 1.5, alignItems: "start" }}
        >
          <Box sx={{ width: 80, borderRadius: 1, overflow: "hidden" }}>
            <ProductImage image={a.product?.image ?? null} alt={a.product?.title ?? "Product no longer available"} sizes="80px" />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              {a.storeHandle ? <Link to={`/shop/stores/@${a.storeHandle}`}>{a.storeName}</Link> : a.storeName} suggests{" "}
              {a.product ? <Link to={productPath(a.product.id)}>{a.product.title}</Link> : "a product that is no longer available"}
              {a.product?.currency ? ` · ${formatPrice(a.product.priceMinor, a.product.currency)}` : ""}
            </Typography>
            {a.message ? <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{a.message}</Typography> : null}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export default function ProductRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const nav = useNavigation();
  const busy = (intent: string) => nav.state === "submitting" && nav.formData?.get("intent") === intent;
  const createErrors = values.intent === "create" || !values.intent ? errors : {};

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: "2rem", sm: "2.5rem" } }}>
        Request a product
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 720 }}>
        Can&apos;t find what you are looking for? Describe it, and the artists who sell on Platen can answer with a product of theirs.
      </Typography>
      {loaderData.notice && NOTICES[loaderData.notice] ? (
        <Alert severity="success" sx={{ mt: 3 }} role="status">
          {NOTICES[loaderData.notice]}
        </Alert>
      ) : null}

      {!loaderData.signedIn ? (
        <>
          <HowItWorks />
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, textAlign: "center" }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              Sign in to ask
            </Typography>
            <Typography color="text.secondary" sx={{ my: 1 }}>
              Requests are tied to your account so we can tell you when a partner answers.
            </Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: "center", mt: 2 }}>
              <Button component={Link} to="/login?next=%2Fproduct-request" variant="contained">
                Sign in
              </Button>
              <Button component={Link} to="/signup" variant="outlined">
                Create an account
              </Button>
            </Stack>
          </Paper>
        </>
      ) : (
        <Grid container spacing={4} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }} component="section" aria-labelledby="new-request-title">
              <Typography id="new-request-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
                Describe what you want
              </Typography>
              <Form method="post" encType="multipart/form-data" noValidate>
                <input type="hidden" name="intent" value="create" />
                <FormError errors={createErrors} />
                <Stack spacing={2}>
                  <TextField
                    label="Your idea"
                    name="idea"
                    multiline
                    minRows={4}
                    required
                    defaultValue={values.intent === "create" ? values.idea : ""}
                    error={Boolean(createErrors.idea)}
                    helperText={
                      createErrors.idea ?? `What should it show, in which style? ${REQUEST_IDEA_MIN}–${REQUEST_IDEA_MAX} characters.`
                    }
                    slotProps={{ htmlInput: { maxLength: REQUEST_IDEA_MAX } }}
                  />
                  <TextField
                    select
                    label="Kind of product"
                    name="category"
                    required
                    defaultValue={values.intent === "create" ? (values.category ?? "") : ""}
                    error={Boolean(createErrors.category)}
                    helperText={createErrors.category}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    <option value="">Choose…</option>
                    {CATEGORIES.map((c) => (
                      <option key={c} value={c}>
                        {CATEGORY_LABELS[c]}
                      </option>
                    ))}
                  </TextField>
                  <TextField
                    label="Budget in US dollars (optional)"
                    name="budget"
                    inputMode="decimal"
                    defaultValue={values.intent === "create" ? values.budget : ""}
                    error={Boolean(createErrors.budget)}
                    helperText={createErrors.budget ?? "What you would pay, e.g. 30."}
                  />
                  <TextField
                    type="file"
                    label="Reference image (optional)"
                    name="image"
                    error={Boolean(createErrors.image)}
                    helperText={createErrors.image ?? "A sketch or photo: PNG, JPEG or WebP, up to 8 MB."}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: "image/png,image/jpeg,image/webp" } }}
                  />
                  <Button type="submit" variant="contained" size="large" disabled={busy("create")}>
                    {busy("create") ? "Posting…" : "Post my request"}
                  </Button>
                </Stack>
              </Form>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              Your requests
            </Typography>
            {loaderData.mine.length ? (
              <Stack spacing={2} data-testid="my-requests">
                {loaderData.mine.map((r) => (
                  <Paper
                    key={r.id}
                    id={`request-${r.id}`}
                    variant="outlined"
                    sx={{ p: 2, borderRadius: 3, scrollMarginTop: 80 }}
                    component="article"
                    aria-label={`Request: ${r.idea.slice(0, 60)}`}
                  >
                    <RequestSummary r={r} />
                    <Divider sx={{ my: 2 }} />
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                      Answers
                    </Typography>
                    <Answers r={r} />
                    {r.status !== "closed" ? (
                      <Form method="post" style={{ marginTop: 12 }}>
                        <input type="hidden" name="intent" value="close" />
                        <input type="hidden" name="requestId" value={r.id} />
                        <Button type="submit" size="small" color="inherit">
                          Close this request
                        </Button>
                      </Form>
                    ) : null}
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Typography color="text.secondary">You have not asked for anything yet.</Typography>
            )}
          </Grid>
        </Grid>
      )}

      {loaderData.signedIn && loaderData.choices.length ? (
        <Box component="section" aria-labelledby="open-requests-title" sx={{ mt: 6 }}>
          <Typography id="open-requests-title" variant="h4" component="h2" sx={{ fontWeight: 800 }}>
            Open requests for partners
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            Answer with one of your published products. The shopper gets an e-mail with a link to it.
          </Typography>
          {loaderData.open.length ? (
            <Stack spacing={2} data-testid="open-requests">
              {loaderData.open.map((r) => {
                const e = values.intent === "answer" && values.requestId === r.id ? errors : {};
                return (
                  <Paper
                    key={r.id}
                    id={`open-${r.id}`}
                    variant="outlined"
                    sx={{ p: 2, borderRadius: 3, scrollMarginTop: 80 }}
                    component="article"
                    aria-label={`Open request: ${r.idea.slice(0, 60)}`}
                  >
                    <RequestSummary r={r} />
                    {r.answers.length ? (
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                        {r.answers.length} answer{r.answers.length === 1 ? "" : "s"} so far.
                      </Typography>
                    ) : null}
                    <Form method="post" style={{ marginTop: 16 }}>
                      <input type="hidden" name="intent" value="answer" />
                      <input type="hidden" name="requestId" value={r.id} />
                      <FormError errors={e} />
                      <Stack direction={{ xs: "column", md: "row" }} spacing={1.5} sx={{ alignItems: { md: "flex-start" } }}>
                        <TextField
                          select
                          label="Your product"
                          name="productId"
                          defaultValue={e.productId ? "" : (values.productId ?? "")}
                          error={Boolean(e.productId)}
                          helperText={e.productId}
                          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                          sx={{ minWidth: { md: 260 } }}
                          id={`answer-product-${r.id}`}
                        >
                          <option value="">Choose a product…</option>
                          {loaderData.choices.map((s) => (
                            <optgroup key={s.storeId} label={s.storeName}>
                              {s.products.map((p) => (
                                <option key={p.id} value={p.id}>
                                  {p.title}
                                </option>
                              ))}
                            </optgroup>
                          ))}
                        </TextField>
                        <TextField
                          label="Message (optional)"
                          name="message"
                          id={`answer-message-${r.id}`}
                          defaultValue={values.requestId === r.id ? values.message : ""}
                          error={Boolean(e.message)}
                          helperText={e.message}
                          sx={{ flex: 1 }}
                          slotProps={{ htmlInput: { maxLength: 1000 } }}
                        />
                        <Button type="submit" variant="contained" disabled={busy("answer")}>
                          Send answer
                        </Button>
                      </Stack>
                    </Form>
                  </Paper>
                );
              })}
            </Stack>
          ) : (
            <Typography color="text.secondary">No open requests right now. Check back soon.</Typography>
          )}
        </Box>
      ) : null}
    </Container>
  );
}
