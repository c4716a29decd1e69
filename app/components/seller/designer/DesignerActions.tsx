import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Stack from "#app/components/ui/Stack.tsx";
import { useNavigation } from "react-router";
import type { ProductStatus } from "#server/modules/catalog/types.ts";
import { DesignerStep as Section } from "./DesignerStep.tsx";
import type { DesignerProduct } from "./types.ts";

/** The submit buttons, which depend on the product's status. */
export function DesignerActions({ status, locked, uploading }: { status: ProductStatus | null; locked: boolean; uploading: boolean }) {
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mb: 4 }}>
      {status !== "published" && (
        <Button type="submit" name="intent" value="save" variant="outlined" size="large" disabled={busy || locked || uploading}>
          {busy && nav.formData?.get("intent") === "save" ? "Saving…" : status === "unpublished" ? "Save" : "Save draft"}
        </Button>
      )}
      {status !== "published" && (
        <Button
          type="submit"
          name="intent"
          value="publish"
          variant="contained"
          size="large"
          disabled={busy || locked || uploading || status === "in_review"}
        >
          {busy && nav.formData?.get("intent") === "publish" ? "Publishing…" : status === "in_review" ? "Waiting for review" : "Publish"}
        </Button>
      )}
      {status === "published" && (
        <>
          <Button type="submit" name="intent" value="save" variant="contained" size="large" disabled={busy}>
            Save changes (stays live)
          </Button>
          <Button type="submit" name="intent" value="unpublish" color="warning" variant="outlined" size="large" disabled={busy}>
            Unpublish
          </Button>
        </>
      )}
    </Stack>
  );
}

/** Step 6: the mockups saved with the product. */
export function SavedMockups({ product }: { product: DesignerProduct }) {
  if (product.mockups.length === 0) return null;
  return (
    <Section n={6} title="Saved mockups">
      <Grid container spacing={1}>
        {product.mockups.map((m) => (
          <Grid key={`${m.color}-${m.areaKey}`} size={{ xs: 4, sm: 3, md: 2 }}>
            <Box
              component="img"
              src={m.url}
              alt={`${product.title}, ${m.color}, ${m.areaKey}`}
              loading="lazy"
              width={160}
              height={160}
              sx={{ width: "100%", height: "auto", borderRadius: 1, bgcolor: "#eceae6" }}
            />
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}
