import Lock from "@mui/icons-material/Lock";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "#app/components/ui/Chip.tsx";
import Container from "@mui/material/Container";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect } from "react-router";
import { Link } from "#app/components/ui/Link.tsx";
import type { Route } from "./+types/fan-club";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { headerData, PublicStoreHeader } from "#app/components/seller/StoreHeader.tsx";
import { echoValues, failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { requireUser } from "#app/lib/session.server.ts";
import { publicStoreOr404 } from "#app/lib/store-access.server.ts";
import {
  createFanClubPerk,
  createFanClubPost,
  deleteFanClubPost,
  endFanClubPerk,
  getFanClub,
  joinFanClub,
  leaveFanClub,
  setFanClubEmails,
} from "#server/modules/stores/index.ts";
import { perkFormSchema, postSchema } from "#server/modules/stores/types.ts";
import { getSettings } from "#server/modules/platform/index.ts";
import { formatAmount } from "#server/contracts/money.ts";
import { formatLongDate } from "#app/lib/dates.ts";

/** The notices after an action (`?notice=<code>`): only these codes show, always with this copy. */
const NOTICES = {
  joined: "Welcome to the fan club! You will get an e-mail when a new product is published.",
  left: "You left the fan club.",
  "emails-on": "You will get e-mails about new products.",
  "emails-off": "No more e-mails from this fan club.",
  "post-published": "Post published.",
  "post-deleted": "Post deleted.",
  "perk-added": "Perk added.",
  "perk-ended": "Perk ended.",
} as const;
type NoticeCode = keyof typeof NOTICES;
const noticeOf = (code: string | null) => (code && Object.hasOwn(NOTICES, code) ? NOTICES[code as NoticeCode] : null);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { ctx, store, access, suspended } = await publicStoreOr404(request, params.handle);
  const club = await getFanClub(ctx, store);
  return {
    header: headerData(store, suspended, access.role),
    signedIn: ctx.actor.kind === "user",
    memberCount: club.memberCount,
    isMember: club.isMember,
    emailOptIn: club.emailOptIn,
    canManage: club.canManage,
    posts: club.posts.map((p) => ({
      id: p.id,
      title: p.title,
      body: p.body,
      locked: p.locked,
      membersOnly: p.membersOnly,
      authorName: p.authorName,
      date: formatLongDate(p.createdAt),
    })),
    perks: club.perks.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      code: p.code,
      hasCode: p.code !== null || false,
      percentOff: p.percentOff,
      offer:
        p.discountKind === "fixed" && p.amountOffMinor !== null && p.currency
          ? `${formatAmount(p.amountOffMinor, p.currency)} off`
          : p.percentOff
            ? `${p.percentOff}% off`
            : null,
      expiresOn: p.expiresAt ? formatLongDate(new Date(p.expiresAt.getTime() - 1)) : null,
      expired: p.expiresAt !== null && p.expiresAt.getTime() <= ctx.clock.now().getTime(),
      // Uses left are the team's business; members see only whether the code still works.
      usesLeft: club.canManage && p.maxUses !== null ? Math.max(0, p.maxUses - p.usedCount) : null,
      usedUp: p.maxUses !== null && p.usedCount >= p.maxUses,
    })),
    currency: (await getSettings(ctx)).currency,
    notice: noticeOf(new URL(request.url).searchParams.get("notice")),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { store } = await publicStoreOr404(request, params.handle);
  const { ctx } = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = (notice: NoticeCode) => redirect(`/shop/partners/@${store.handle}/fanClub?notice=${notice}`);
  const values = echoValues(form);
  try {
    switch (intent) {
      case "join":
        await joinFanClub(ctx, store.id);
        return back("joined");
      case "leave":
        await leaveFanClub(ctx, store.id);
        return back("left");
      case "emails-on":
      case "emails-off":
        await setFanClubEmails(ctx, store.id, intent === "emails-on");
        return back(intent);
      case "post": {
        const parsed = parseForm(form, postSchema);
        if (!parsed.ok) return failure(parsed.errors, 400, { ...values, form: "post" });
        await createFanClubPost(ctx, store.id, parsed.data);
        return back("post-published");
      }
      case "delete-post":
        await deleteFanClubPost(ctx, store.id, String(form.get("postId") ?? "").slice(0, 100));
        return back("post-deleted");
      case "perk": {
        const { currency } = await getSettings(ctx);
        const parsed = parseForm(form, perkFormSchema(currency));
        if (!parsed.ok) return failure(parsed.errors, 400, { ...values, form: "perk" });
        await createFanClubPerk(ctx, store.id, parsed.data);
        return back("perk-added");
      }
      case "end-perk":
        await endFanClubPerk(ctx, store.id, String(form.get("perkId") ?? "").slice(0, 100));
        return back("perk-ended");
      default:
        return failure({ _form: "Unknown action." });
    }
  } catch (e) {
    return failureFromError(e, intent === "perk" ? { ...values, form: "perk" } : values);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Fan club of ${data.header.name} · Platen` : "Page not found · Platen" },
];

export default function FanClub({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const { header, signedIn, memberCount, isMember, emailOptIn, canManage, posts, perks, notice, currency } = loaderData;
  const perkForm = values.form === "perk";
  const handle = header.handle;
  const insider = isMember || canManage || header.canManage;
  return (
    <>
      <PublicStoreHeader store={header} current="fanClub" />
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
        {notice ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        ) : null}
        <FormError errors={errors} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}>
            <Box>
              <Typography variant="h2" sx={{ fontSize: "1.4rem" }}>
                Fan club
              </Typography>
              <Typography color="text.secondary" data-testid="member-count">
                {memberCount} {memberCount === 1 ? "member" : "members"}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1, maxWidth: "60ch" }}>
                Members read members-only posts, get perks like discount codes, and hear first when {header.name} publishes a new product.
              </Typography>
            </Box>
            {!signedIn ? (
              <Button component={Link} to={`/login?next=${encodeURIComponent(`/shop/partners/@${handle}/fanClub`)}`} variant="contained">
                Sign in to join
              </Button>
            ) : isMember ? (
              <Stack spacing={1} sx={{ alignItems: { sm: "flex-end" } }}>
                <Form method="post">
                  <input type="hidden" name="intent" value="leave" />
                  <Button type="submit" variant="outlined">
                    Leave the fan club
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value={emailOptIn ? "emails-off" : "emails-on"} />
                  <Button type="submit" size="small">
                    {emailOptIn ? "Stop e-mails about new products" : "E-mail me about new products"}
                  </Button>
                </Form>
              </Stack>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="join" />
                <Button type="submit" variant="contained">
                  Join the fan club
                </Button>
              </Form>
            )}
          </Stack>
        </Paper>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Typography variant="h2" sx={{ fontSize: "1.3rem", mb: 2 }}>
              Posts
            </Typography>
            {canManage ? (
              <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
                <Typography variant="h3" sx={{ fontSize: "1.1rem", mb: 1 }}>
                  Write a post
                </Typography>
                <Form method="post">
                  <input type="hidden" name="intent" value="post" />
                  <Stack spacing={2}>
                    <TextField
                      name="title"
                      label="Post title"
                      fullWidth
                      defaultValue={values.form === "post" ? values.title : ""}
                      error={Boolean(errors.title)}
                      helperText={errors.title}
                    />
                    <TextField
                      name="body"
                      label="Post text"
                      fullWidth
                      multiline
                      minRows={3}
                      defaultValue={values.form === "post" ? values.body : ""}
                      error={Boolean(errors.body)}
                      helperText={errors.body}
                    />
                    <FormControlLabel control={<Checkbox name="membersOnly" />} label="Members only" />
                    <Box>
                      <Button type="submit" variant="contained">
                        Publish post
                      </Button>
                    </Box>
                  </Stack>
                </Form>
              </Paper>
            ) : null}
            {posts.length === 0 ? <Typography color="text.secondary">No posts yet.</Typography> : null}
            <Stack spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
              {posts.map((p) => (
                <Paper
                  key={p.id}
                  component="li"
                  variant="outlined"
                  sx={{ p: 2 }}
                  data-testid="post"
                  data-locked={p.locked ? "true" : "false"}
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 0.5, flexWrap: "wrap" }}>
                    <Typography variant="h3" sx={{ fontSize: "1.1rem" }}>
                      {p.title}
                    </Typography>
                    {p.membersOnly ? <Chip size="small" icon={<Lock aria-hidden />} label="Members only" /> : null}
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {p.authorName} · {p.date}
                  </Typography>
                  {p.locked ? (
                    <Typography color="text.secondary">Join the fan club to read this post.</Typography>
                  ) : (
                    <Typography sx={{ whiteSpace: "pre-line" }}>{p.body}</Typography>
                  )}
                  {canManage ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete-post" />
                      <input type="hidden" name="postId" value={p.id} />
                      <Button type="submit" size="small" color="error" sx={{ mt: 1 }}>
                        Delete post
                      </Button>
                    </Form>
                  ) : null}
                </Paper>
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="h2" sx={{ fontSize: "1.3rem", mb: 2 }}>
              Member perks
            </Typography>
            {perks.length === 0 ? <Typography color="text.secondary">No perks right now.</Typography> : null}
            <Stack spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
              {perks.map((p) => (
                <Paper key={p.id} component="li" variant="outlined" sx={{ p: 2 }} data-testid="perk">
                  <Typography variant="h3" sx={{ fontSize: "1.1rem" }}>
                    {p.title}
                    {p.offer ? ` (${p.offer})` : ""}
                  </Typography>
                  {p.description ? (
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {p.description}
                    </Typography>
                  ) : null}
                  {p.code ? (
                    <Typography sx={{ mt: 1 }}>
                      Code:{" "}
                      <Box
                        component="code"
                        sx={{ fontWeight: 700, px: 1, py: 0.25, bgcolor: "action.hover", borderRadius: 1 }}
                        data-testid="perk-code"
                      >
                        {p.code}
                      </Box>
                    </Typography>
                  ) : !insider ? (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      Members see the code.
                    </Typography>
                  ) : null}
                  {p.hasCode && (p.expiresOn || p.usesLeft !== null || p.usedUp) ? (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="perk-limits">
                      {[
                        p.expired ? `Expired on ${p.expiresOn}.` : p.expiresOn ? `Valid through ${p.expiresOn}.` : null,
                        p.usesLeft !== null
                          ? `${p.usesLeft} ${p.usesLeft === 1 ? "use" : "uses"} left.`
                          : p.usedUp
                            ? "All uses have been taken."
                            : null,
                      ]
                        .filter(Boolean)
                        .join(" ")}
                    </Typography>
                  ) : null}
                  {canManage ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="end-perk" />
                      <input type="hidden" name="perkId" value={p.id} />
                      <Button type="submit" size="small" color="error" sx={{ mt: 1 }}>
                        End perk
                      </Button>
                    </Form>
                  ) : null}
                </Paper>
              ))}
            </Stack>
            {canManage ? (
              <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
                <Typography variant="h3" sx={{ fontSize: "1.1rem", mb: 1 }}>
                  Add a perk
                </Typography>
                <Form method="post">
                  <input type="hidden" name="intent" value="perk" />
                  <Stack spacing={2}>
                    <TextField
                      name="title"
                      label="Perk title"
                      fullWidth
                      size="small"
                      defaultValue={values.form === "perk" ? values.title : ""}
                      error={values.form === "perk" && Boolean(errors.title)}
                      helperText={values.form === "perk" ? errors.title : undefined}
                    />
                    <TextField
                      name="description"
                      label="Perk description"
                      fullWidth
                      size="small"
                      defaultValue={perkForm ? values.description : ""}
                      error={perkForm && Boolean(errors.description)}
                      helperText={perkForm ? errors.description : undefined}
                    />
                    <TextField
                      name="code"
                      label="Discount code"
                      fullWidth
                      size="small"
                      defaultValue={perkForm ? values.code : ""}
                      error={perkForm && Boolean(errors.code)}
                      helperText={(perkForm && errors.code) || "Optional. Shown only to members; they type it at checkout."}
                      slotProps={{ htmlInput: { maxLength: 30, style: { textTransform: "uppercase" } } }}
                    />
                    <TextField
                      select
                      name="discountKind"
                      label="Discount"
                      fullWidth
                      size="small"
                      defaultValue={perkForm ? values.discountKind || "percent" : "percent"}
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                    >
                      <option value="percent">Percent off</option>
                      <option value="fixed">Fixed amount off ({currency})</option>
                    </TextField>
                    <Stack direction="row" spacing={1}>
                      <TextField
                        name="percentOff"
                        label="Percent off"
                        size="small"
                        defaultValue={perkForm ? values.percentOff : ""}
                        slotProps={{ htmlInput: { inputMode: "numeric" } }}
                        error={perkForm && Boolean(errors.percentOff)}
                        helperText={(perkForm && errors.percentOff) || "1 to 100"}
                      />
                      <TextField
                        name="amountOff"
                        label={`Amount off (${currency})`}
                        size="small"
                        defaultValue={perkForm ? values.amountOff : ""}
                        slotProps={{ htmlInput: { inputMode: "decimal" } }}
                        error={perkForm && Boolean(errors.amountOff)}
                        helperText={(perkForm && errors.amountOff) || "For a fixed amount, e.g. 5.00"}
                      />
                    </Stack>
                    <Stack direction="row" spacing={1}>
                      <TextField
                        name="expiresOn"
                        label="Last day (optional)"
                        type="date"
                        size="small"
                        defaultValue={perkForm ? values.expiresOn : ""}
                        slotProps={{ inputLabel: { shrink: true } }}
                        error={perkForm && Boolean(errors.expiresOn)}
                        helperText={(perkForm && errors.expiresOn) || "Valid through this day (UTC)"}
                      />
                      <TextField
                        name="maxUses"
                        label="Number of uses (optional)"
                        size="small"
                        defaultValue={perkForm ? values.maxUses : ""}
                        slotProps={{ htmlInput: { inputMode: "numeric" } }}
                        error={perkForm && Boolean(errors.maxUses)}
                        helperText={(perkForm && errors.maxUses) || "Empty: unlimited"}
                      />
                    </Stack>
                    <Box>
                      <Button type="submit" variant="outlined">
                        Add perk
                      </Button>
                    </Box>
                  </Stack>
                </Form>
              </Paper>
            ) : null}
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
