import Box from "#app/components/ui/Box.tsx";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import type { Dispatch, SetStateAction } from "react";
import type { DesignerBlank, Errors } from "./types.ts";

/** Step 4: the colours and sizes to sell (each colour x size is a variant). */
export function VariantsPanel({
  blank,
  colors,
  setColors,
  sizes,
  setSizes,
  errors,
}: {
  blank: DesignerBlank;
  colors: string[];
  setColors: Dispatch<SetStateAction<string[]>>;
  sizes: string[];
  setSizes: Dispatch<SetStateAction<string[]>>;
  errors: Errors;
}) {
  return (
    <>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }} aria-describedby="colors-error">
        <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
          Colours
        </Typography>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {blank.colors.map((c) => (
            <FormControlLabel
              key={c.name}
              sx={{
                m: 0,
                pr: 1.5,
                border: "1px solid",
                borderColor: colors.includes(c.name) ? "primary.main" : "divider",
                borderRadius: 5,
              }}
              control={
                <Checkbox
                  name="colors"
                  value={c.name}
                  checked={colors.includes(c.name)}
                  onChange={(e) => setColors((s) => (e.target.checked ? [...s, c.name] : s.filter((x) => x !== c.name)))}
                />
              }
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <Box
                    aria-hidden
                    sx={{ width: 18, height: 18, borderRadius: "50%", bgcolor: c.hex, border: "1px solid rgba(0,0,0,0.3)" }}
                  />
                  <span>{c.name}</span>
                </Stack>
              }
            />
          ))}
        </Stack>
        <FormHelperText id="colors-error" error={!!errors.colors}>
          {errors.colors ?? "Each colour gets its own mockup."}
        </FormHelperText>
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby="sizes-error">
        <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
          Sizes
        </Typography>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
          {blank.sizes.map((s) => (
            <FormControlLabel
              key={s}
              control={
                <Checkbox
                  name="sizes"
                  value={s}
                  checked={sizes.includes(s)}
                  onChange={(e) => setSizes((x) => (e.target.checked ? [...x, s] : x.filter((y) => y !== s)))}
                />
              }
              label={s}
            />
          ))}
        </Stack>
        <FormHelperText id="sizes-error" error={!!errors.sizes}>
          {errors.sizes ?? `${colors.length * sizes.length} variants`}
        </FormHelperText>
      </Box>
    </>
  );
}
