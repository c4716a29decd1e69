import Box from "#app/components/ui/Box.tsx";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect, useState } from "react";
import type { Placement } from "#server/modules/catalog/types.ts";
import type { DesignerColor } from "./types.ts";

export interface PreviewRequest {
  artworkId: string;
  blankId: string;
  color: string;
  areaKey: string;
  placement: Placement;
}

/** The server's mockup of the current placement, fetched 350 ms after the last change. */
export function useMockupPreview(storeHandle: string, request: PreviewRequest | null) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [previewState, setPreviewState] = useState<"idle" | "loading" | "error">("idle");
  const previewKey = request ? JSON.stringify([request.artworkId, request.blankId, request.color, request.areaKey, request.placement]) : "";
  useEffect(() => {
    if (!previewKey) return;
    const [artworkId, blankId, color, key, placement] = JSON.parse(previewKey) as [string, string, string, string, Placement];
    const ctl = new AbortController();
    const timer = setTimeout(async () => {
      setPreviewState("loading");
      try {
        const res = await fetch(`/api/designer/preview?store=${encodeURIComponent(`@${storeHandle}`)}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ artworkId, blankId, color, areaKey: key, placement }),
          signal: ctl.signal,
        });
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        setPreviewUrl((old) => {
          if (old) URL.revokeObjectURL(old);
          return URL.createObjectURL(blob);
        });
        setPreviewState("idle");
      } catch (e) {
        if ((e as Error).name !== "AbortError") setPreviewState("error");
      }
    }, 350);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [previewKey, storeHandle]);
  return { previewUrl, previewState };
}

/** Step 3, right: the colour to preview in and the server-rendered mockup. */
export function MockupPreview({
  storeHandle,
  request,
  blankName,
  colors,
  chosenColors,
  effectivePreviewColor,
  setPreviewColor,
}: {
  storeHandle: string;
  request: PreviewRequest | null;
  blankName: string;
  colors: DesignerColor[];
  chosenColors: string[];
  effectivePreviewColor: string;
  setPreviewColor: (color: string) => void;
}) {
  const { previewUrl, previewState } = useMockupPreview(storeHandle, request);
  return (
    <>
      <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
        Preview colour
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1, mb: 2 }}>
        {colors
          .filter((c) => chosenColors.includes(c.name))
          .map((c) => (
            <Box
              key={c.name}
              component="button"
              type="button"
              onClick={() => setPreviewColor(c.name)}
              aria-pressed={c.name === effectivePreviewColor}
              aria-label={`Preview in ${c.name}`}
              title={c.name}
              sx={{
                width: 32,
                height: 32,
                borderRadius: "50%",
                bgcolor: c.hex,
                border: "2px solid",
                borderColor: c.name === effectivePreviewColor ? "primary.main" : "rgba(0,0,0,0.25)",
                outline: c.name === effectivePreviewColor ? "2px solid" : "none",
                outlineColor: "primary.main",
                outlineOffset: 2,
                cursor: "pointer",
              }}
            />
          ))}
      </Stack>
      <Typography variant="h3" sx={{ fontSize: "1rem", fontWeight: 600, mb: 1 }}>
        Mockup preview
      </Typography>
      <Box sx={{ position: "relative", aspectRatio: "1 / 1", bgcolor: "#eceae6", borderRadius: 1, overflow: "hidden" }}>
        {previewUrl && (
          <Box
            component="img"
            src={previewUrl}
            alt={`Mockup of your design on ${blankName}, ${effectivePreviewColor}`}
            sx={{ width: "100%", height: "100%", objectFit: "contain", display: "block" }}
            data-testid="server-preview"
          />
        )}
        {previewState === "loading" && (
          <CircularProgress size={24} sx={{ position: "absolute", top: 8, right: 8 }} aria-label="Updating the preview" />
        )}
      </Box>
      {previewState === "error" && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          The preview could not be rendered just now; your placement is kept.
        </Typography>
      )}
    </>
  );
}
