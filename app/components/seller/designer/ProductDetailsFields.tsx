import Stack from "#app/components/ui/Stack.tsx";
import TextField from "@mui/material/TextField";
import { CATEGORIES, CATEGORY_LABELS, type Category } from "#server/modules/catalog/types.ts";
import type { Errors } from "./types.ts";

/** Step 5, right: title, description, tags and category (refilled after a refusal). */
export function ProductDetailsFields({
  defaults,
  errors,
}: {
  defaults: { title: string; description: string; tags: string; category: string };
  errors: Errors;
}) {
  return (
    <Stack spacing={2}>
      <TextField
        name="title"
        label="Title"
        defaultValue={defaults.title}
        required
        fullWidth
        error={!!errors.title}
        helperText={errors.title ?? "What shoppers search for, e.g. “Night Bloom T-shirt”."}
      />
      <TextField
        name="description"
        label="Description"
        defaultValue={defaults.description}
        multiline
        minRows={3}
        fullWidth
        error={!!errors.description}
        helperText={errors.description}
      />
      <TextField
        name="tags"
        label="Tags"
        defaultValue={defaults.tags}
        fullWidth
        error={!!errors.tags}
        helperText={errors.tags ?? "Comma separated, e.g. floral, moon, night"}
      />
      <TextField
        select
        name="category"
        label="Category"
        defaultValue={defaults.category}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        error={!!errors.category}
        helperText={errors.category}
      >
        {CATEGORIES.map((c: Category) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
