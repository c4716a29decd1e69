import Box from "#app/components/ui/Box.tsx";
import Button from "@mui/material/Button";
import Slider from "@mui/material/Slider";
import Stack from "#app/components/ui/Stack.tsx";
import Typography from "#app/components/ui/Typography.tsx";
import { DesignerStage } from "#app/components/catalog/DesignerStage.tsx";
import { defaultPlacement } from "#server/modules/catalog/preflight.ts";
import type { Placement, TemplateRect } from "#server/modules/catalog/types.ts";
import type { ArtworkView, DesignerArea } from "./types.ts";

/** Step 3, left: the placement canvas of one print area with its size, rotation and quick buttons. */
export function PlacementControls({
  area,
  template,
  artwork,
  enabledHere,
  placement,
  setPlacement,
  hex,
}: {
  area: DesignerArea;
  template: { url: string; rect: TemplateRect | null };
  artwork: ArtworkView;
  enabledHere: boolean;
  placement: Placement;
  setPlacement: (areaKey: string, placement: Placement) => void;
  hex: string;
}) {
  return (
    <>
      {enabledHere ? (
        <DesignerStage
          templateUrl={template.url}
          templateWidth={area.templateWidth}
          templateHeight={area.templateHeight}
          rect={(template.rect ?? area.rect) as TemplateRect}
          artwork={{ url: artwork.previewUrl, width: artwork.width, height: artwork.height }}
          placement={placement}
          onChange={(p) => setPlacement(area.key, p)}
          areaLabel={area.label}
          hex={hex}
        />
      ) : (
        <Typography color="text.secondary">
          Nothing is printed on the {area.label.toLowerCase()}. Tick the box above to place your artwork here.
        </Typography>
      )}
      {enabledHere && (
        <Box sx={{ mt: 2 }}>
          <Typography id="scale-label" variant="body2" gutterBottom>
            Size: {Math.round(placement.scale * 100)}% of the area width ({(placement.scale * area.widthIn).toFixed(1)} in)
          </Typography>
          <Slider
            aria-labelledby="scale-label"
            min={0.05}
            max={1.5}
            step={0.01}
            value={placement.scale}
            onChange={(_, v) => setPlacement(area.key, { ...placement, scale: v as number })}
          />
          <Typography id="rotation-label" variant="body2" gutterBottom>
            Rotation: {Math.round(placement.rotation)}°
          </Typography>
          <Slider
            aria-labelledby="rotation-label"
            min={-180}
            max={180}
            step={1}
            value={placement.rotation}
            onChange={(_, v) => setPlacement(area.key, { ...placement, rotation: v as number })}
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
            <Button size="small" variant="outlined" onClick={() => setPlacement(area.key, { ...placement, x: 0.5, y: 0.5 })}>
              Centre
            </Button>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setPlacement(area.key, defaultPlacement(artwork.width, artwork.height, area))}
            >
              Fit to area
            </Button>
            <Button size="small" variant="outlined" onClick={() => setPlacement(area.key, { ...placement, rotation: 0 })}>
              Straighten
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Tip: select the artwork and use the arrow keys to nudge it (Shift for bigger steps), + and − to resize, [ and ] to rotate.
          </Typography>
        </Box>
      )}
    </>
  );
}
