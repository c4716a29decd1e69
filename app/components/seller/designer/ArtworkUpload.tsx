import CloudUpload from "@mui/icons-material/CloudUpload";
import Alert from "@mui/material/Alert";
import Box from "#app/components/ui/Box.tsx";
import CircularProgress from "@mui/material/CircularProgress";
import FormHelperText from "@mui/material/FormHelperText";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { useRef, useState, type DragEvent } from "react";
import { DPI_WARN } from "#server/modules/catalog/types.ts";
import type { ArtworkView } from "./types.ts";

const ARTWORK_MAX_BYTES_CLIENT = 25 * 1024 * 1024;

/**
 * Step 2: the artwork file. With JavaScript a chosen or dropped file is uploaded at once (and checked
 * by the server); without it, the file goes with the form.
 */
export function ArtworkUpload({
  storeHandle,
  artwork,
  onUploaded,
  uploading,
  setUploading,
  hydrated,
  locked,
  error,
}: {
  storeHandle: string;
  artwork: ArtworkView | null;
  onUploaded: (artwork: ArtworkView) => void;
  uploading: boolean;
  setUploading: (uploading: boolean) => void;
  hydrated: boolean;
  locked: boolean;
  error: string | undefined;
}) {
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [flagged, setFlagged] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setUploadError(null);
    setFlagged(null);
    if (file.size > ARTWORK_MAX_BYTES_CLIENT) {
      setUploadError("The file is larger than 25 MB. Export a smaller PNG, JPEG or WebP.");
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.append("artwork", file);
      const res = await fetch(`/api/designer/artwork?store=${encodeURIComponent(`@${storeHandle}`)}`, { method: "POST", body });
      const json = (await res.json().catch(() => ({ error: "The upload failed. Please try again." }))) as {
        error?: string;
        artworkId?: string;
        previewUrl?: string;
        width?: number;
        height?: number;
        hasAlpha?: boolean;
        flagged?: { reason: string };
      };
      if (!res.ok || !json.artworkId) {
        setUploadError(json.error ?? "The upload failed. Please try again.");
        return;
      }
      onUploaded({
        artworkId: json.artworkId,
        previewUrl: json.previewUrl!,
        width: json.width!,
        height: json.height!,
        hasAlpha: !!json.hasAlpha,
      });
      if (json.flagged) setFlagged(json.flagged.reason);
      if (fileRef.current) fileRef.current.value = "";
    } catch {
      setUploadError("Network request failed. Check your connection and try again.");
    } finally {
      setUploading(false);
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    const f = e.dataTransfer.files?.[0];
    if (f) void upload(f);
  };

  return (
    <>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        sx={{
          border: "2px dashed",
          borderColor: dragOver ? "primary.main" : error || uploadError ? "error.main" : "divider",
          borderRadius: 2,
          p: { xs: 2, sm: 3 },
          bgcolor: dragOver ? "action.hover" : undefined,
          textAlign: "center",
        }}
        data-testid="dropzone"
      >
        <CloudUpload color="action" sx={{ fontSize: 40 }} aria-hidden />
        <Typography sx={{ mb: 1 }}>
          {hydrated ? "Drag and drop your artwork here, or choose a file." : "Choose your artwork file."}
        </Typography>
        <Box component="label" htmlFor="artwork-file" sx={{ display: "block", fontWeight: 600, mb: 1 }}>
          Artwork file (PNG, JPEG or WebP, up to 25 MB)
        </Box>
        <input
          ref={fileRef}
          id="artwork-file"
          type="file"
          name="artwork"
          accept="image/png,image/jpeg,image/webp"
          disabled={locked}
          aria-describedby="artwork-help"
          aria-invalid={!!(error || uploadError)}
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            if (f) void upload(f);
          }}
        />
        <FormHelperText id="artwork-help" error={!!(error || uploadError)} sx={{ textAlign: "center" }} data-testid="artwork-error">
          {uploadError ??
            error ??
            `For sharp prints use at least ${DPI_WARN} DPI at the printed size: a 12-inch-wide print needs ${12 * DPI_WARN} pixels. Transparent PNGs print only the design.`}
        </FormHelperText>
        {uploading && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: "center", mt: 1 }} role="status">
            <CircularProgress size={20} />
            <span>Uploading and checking your artwork…</span>
          </Stack>
        )}
      </Box>
      {artwork && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: "center" }}>
          <Box
            component="img"
            src={artwork.previewUrl}
            alt="Your uploaded artwork"
            width={72}
            height={72}
            sx={{ width: 72, height: 72, objectFit: "contain", bgcolor: "#e9e9e9", borderRadius: 1 }}
          />
          <Typography variant="body2" data-testid="artwork-info">
            {artwork.width.toLocaleString("en-US")} × {artwork.height.toLocaleString("en-US")} px
            {artwork.hasAlpha ? ", transparent background" : ", no transparency"}
          </Typography>
        </Stack>
      )}
      {flagged && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="flagged-upload">
          {flagged}
        </Alert>
      )}
    </>
  );
}
