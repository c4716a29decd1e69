import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import FormHelperText from "@mui/material/FormHelperText";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/profile";
import { errorsOf, FormError, valuesOf } from "#app/components/forms.tsx";
import { StoreAdminShell } from "#app/components/seller/StoreAdminNav.tsx";
import { echoValues, failure, failureFromError, parseForm, readForm } from "#app/lib/forms.server.ts";
import { z } from "zod";
import { storageFailure } from "#app/lib/storage-errors.server.ts";
import { requireStoreAccess } from "#app/lib/store-access.server.ts";
import { setStoreImage, updateStoreProfile, uploadStoreImage } from "#server/modules/stores/index.ts";
import { linksToText, profileSchema } from "#server/modules/stores/types.ts";

export const meta: Route.MetaFunction = () => [{ title: "Store profile · Platen" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { store } = await requireStoreAccess(request, params.handle, "profile");
  return {
    store: {
      handle: store.handle,
      name: store.name,
      status: store.status,
      suspendedReason: store.suspendedReason,
      avatarKey: store.avatarKey,
      accentColor: store.accentColor,
    },
    bannerKey: store.bannerKey,
    bio: store.bio,
    links: linksToText(store.links),
    saved: new URL(request.url).searchParams.get("saved"),
  };
}

const imageFile = z
  .unknown()
  .refine((v) => v instanceof File && v.size > 0, "Choose a PNG, JPEG or WebP image.")
  .transform((v) => v as File);

/** The page's forms by intent; a form without one is the profile form. */
const profileActionSchema = z.preprocess(
  (raw) => ({ ...(raw as Record<string, unknown>), intent: (raw as Record<string, unknown>).intent ?? "profile" }),
  z.discriminatedUnion(
    "intent",
    [
      profileSchema.extend({ intent: z.literal("profile") }),
      z.object({ intent: z.literal("avatar"), avatar: imageFile }),
      z.object({ intent: z.literal("banner"), banner: imageFile }),
      z.object({ intent: z.enum(["remove-avatar", "remove-banner"]) }),
    ],
    { error: "Unknown action." },
  ),
);

export async function action({ request, params }: Route.ActionArgs) {
  const { ctx, store } = await requireStoreAccess(request, params.handle, "profile");
  const form = await readForm(request);
  const parsed = parseForm(form, profileActionSchema);
  if (!parsed.ok) return failure(parsed.errors, 400, parsed.values);
  const input = parsed.data;
  const back = (what: string) => redirect(`/shop/partners/@${store.handle}/administration/profile?saved=${what}`);
  try {
    if (input.intent === "profile") {
      const { intent: _intent, ...profile } = input;
      await updateStoreProfile(ctx, store.id, profile);
      return back("profile");
    }
    if (input.intent === "avatar" || input.intent === "banner") {
      const file = input.intent === "avatar" ? input.avatar : input.banner;
      await uploadStoreImage(ctx, store.id, input.intent, Buffer.from(await file.arrayBuffer()));
      return back(input.intent);
    }
    await setStoreImage(ctx, store.id, input.intent === "remove-avatar" ? "avatar" : "banner", null);
    return back(input.intent);
  } catch (e) {
    if (input.intent === "avatar" || input.intent === "banner") {
      const down = storageFailure(e, input.intent, echoValues(form));
      if (down) return down;
    }
    return failureFromError(e, echoValues(form));
  }
}

const SAVED: Record<string, string> = {
  profile: "Profile saved.",
  avatar: "Avatar updated.",
  banner: "Banner updated.",
  "remove-avatar": "Avatar removed.",
  "remove-banner": "Banner removed.",
};

export default function StoreProfile({ loaderData, actionData }: Route.ComponentProps) {
  const errors = errorsOf(actionData);
  const values = valuesOf(actionData);
  const { store, bio, links, bannerKey, saved } = loaderData;
  return (
    <StoreAdminShell store={store} active="profile">
      <Typography variant="h1" sx={{ fontSize: { xs: "1.7rem", sm: "2rem" }, mb: 2 }}>
        Store profile
      </Typography>
      {saved && SAVED[saved] ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {SAVED[saved]}
        </Alert>
      ) : null}
      <FormError errors={errors} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, gap: 3 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 2 }}>
            About the store
          </Typography>
          <Form method="post">
            <input type="hidden" name="intent" value="profile" />
            <Box sx={{ display: "grid", gap: 2.5 }}>
              <TextField
                label="Handle"
                value={`@${store.handle}`}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
                helperText="Your handle is your address on Platen and cannot be changed."
              />
              <TextField
                name="name"
                label="Store name"
                required
                fullWidth
                defaultValue={values.name ?? store.name}
                error={Boolean(errors.name)}
                helperText={errors.name}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <TextField
                name="bio"
                label="Bio"
                fullWidth
                multiline
                minRows={4}
                defaultValue={values.bio ?? bio}
                error={Boolean(errors.bio)}
                helperText={errors.bio ?? "Shown on your profile and shop front."}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
              <TextField
                name="accentColor"
                label="Accent colour"
                type="color"
                defaultValue={values.accentColor ?? store.accentColor}
                error={Boolean(errors.accentColor)}
                helperText={errors.accentColor ?? "Used for your banner and buttons on your shop front."}
                sx={{ maxWidth: 220 }}
              />
              <TextField
                name="links"
                label="Links"
                fullWidth
                multiline
                minRows={3}
                defaultValue={values.links ?? links}
                error={Boolean(errors.links)}
                helperText={errors.links ?? "One a line, e.g. Instagram | https://instagram.com/you (up to 6)."}
              />
              <Box>
                <Button type="submit" variant="contained">
                  Save profile
                </Button>
              </Box>
            </Box>
          </Form>
        </Paper>
        <Box sx={{ display: "grid", gap: 3, alignContent: "start" }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 2 }}>
              Avatar
            </Typography>
            <Avatar
              src={store.avatarKey ? `/media/${store.avatarKey}` : undefined}
              alt={store.avatarKey ? `${store.name} avatar` : ""}
              sx={{ width: 96, height: 96, mb: 2, bgcolor: store.accentColor, fontSize: "2.5rem" }}
            >
              {store.name.slice(0, 1)}
            </Avatar>
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="avatar" />
              <label htmlFor="avatar-file">
                <Typography component="span" variant="body2">
                  Square image, PNG, JPEG or WebP, up to 8 MB
                </Typography>
              </label>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mt: 1 }}>
                <input
                  id="avatar-file"
                  type="file"
                  name="avatar"
                  accept="image/png,image/jpeg,image/webp"
                  aria-describedby="avatar-error"
                />
                <Button type="submit" variant="outlined" size="small">
                  Upload avatar
                </Button>
              </Box>
              <FormHelperText id="avatar-error" error>
                {errors.avatar}
              </FormHelperText>
            </Form>
            {store.avatarKey ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-avatar" />
                <Button type="submit" size="small" color="error" sx={{ mt: 1 }}>
                  Remove avatar
                </Button>
              </Form>
            ) : null}
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: "1.2rem", mb: 2 }}>
              Banner
            </Typography>
            <Box
              sx={{
                aspectRatio: "4 / 1",
                borderRadius: 1,
                mb: 2,
                bgcolor: store.accentColor,
                backgroundImage: bannerKey ? `url(/media/${bannerKey})` : undefined,
                backgroundSize: "cover",
                backgroundPosition: "center",
              }}
              role="img"
              aria-label={bannerKey ? `${store.name} banner` : "No banner yet: your accent colour is shown"}
            />
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="banner" />
              <label htmlFor="banner-file">
                <Typography component="span" variant="body2">
                  Wide image (4:1 works best, at least 1600 px wide), up to 8 MB
                </Typography>
              </label>
              <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mt: 1 }}>
                <input
                  id="banner-file"
                  type="file"
                  name="banner"
                  accept="image/png,image/jpeg,image/webp"
                  aria-describedby="banner-error"
                />
                <Button type="submit" variant="outlined" size="small">
                  Upload banner
                </Button>
              </Box>
              <FormHelperText id="banner-error" error>
                {errors.banner}
              </FormHelperText>
            </Form>
            {bannerKey ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-banner" />
                <Button type="submit" size="small" color="error" sx={{ mt: 1 }}>
                  Remove banner
                </Button>
              </Form>
            ) : null}
          </Paper>
        </Box>
      </Box>
    </StoreAdminShell>
  );
}
