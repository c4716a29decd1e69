import Box from "#app/components/ui/Box.tsx";
import type { SxProps, Theme } from "@mui/material/styles";
import { fixed } from "#app/theme/fixed-styles.tsx";
import { type MockupRef, MOCKUP_WIDTHS, mockupSrcSet, mockupUrl } from "#server/modules/catalog/types.ts";

/** `sizes` for a product grid of 2 columns (xs), 3 (md, 768) and 4 (lg, 1024) in a 1200 px container. */
export const GRID_SIZES = "(min-width: 1024px) 280px, (min-width: 768px) 31vw, 48vw";

// Grids' images (no sx): a fixed style, the image's own aspect ratio inline.
const Img = fixed("img", { display: "block", width: "100%", height: "auto", objectFit: "cover", bgcolor: "action.hover" }, "MuiBox-root");

export interface ProductImageProps {
  image: MockupRef | null;
  alt: string;
  /** Above the fold: loaded eagerly with a high fetch priority; otherwise lazy. */
  eager?: boolean;
  sizes?: string;
  sx?: SxProps<Theme>;
  /** Test hook / gallery state. */
  "data-testid"?: string;
}

/**
 * A product mockup: WebP in MOCKUP_WIDTHS as a srcset, with width/height so the layout does not
 * shift, lazy below the fold. Without an image, a neutral square with the alt text stands in.
 */
export function ProductImage({ image, alt, eager = false, sizes = GRID_SIZES, sx, ...rest }: ProductImageProps) {
  if (!image) {
    return (
      <Box
        role="img"
        aria-label={alt}
        data-testid={rest["data-testid"]}
        sx={{
          aspectRatio: "1 / 1",
          width: "100%",
          bgcolor: "action.hover",
          display: "grid",
          placeItems: "center",
          color: "text.secondary",
          fontSize: 14,
          ...sx,
        }}
      >
        No image yet
      </Box>
    );
  }
  const fallback = MOCKUP_WIDTHS[1] ?? MOCKUP_WIDTHS[0];
  const img = {
    src: mockupUrl(image.hash, fallback),
    srcSet: mockupSrcSet(image.hash),
    sizes,
    width: image.width,
    height: image.height,
    alt,
    loading: eager ? "eager" : "lazy",
    fetchPriority: eager ? "high" : "auto",
    decoding: "async",
    "data-testid": rest["data-testid"],
    "data-hash": image.hash,
  } as const;
  if (!sx) return <Img {...img} style={{ aspectRatio: `${image.width} / ${image.height}` }} />;
  return (
    <Box
      component="img"
      {...img}
      sx={{
        display: "block",
        width: "100%",
        height: "auto",
        aspectRatio: `${image.width} / ${image.height}`,
        objectFit: "cover",
        bgcolor: "action.hover",
        ...sx,
      }}
    />
  );
}
