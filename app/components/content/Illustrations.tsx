import Box from "#app/components/ui/Box.tsx";
import { ServerPart } from "#app/components/ui/ServerPart.tsx";
import type { SxProps, Theme } from "@mui/material/styles";

/** Line illustrations drawn inline (no downloaded images); they take the text colour. */
const common = { fill: "none", stroke: "currentColor", strokeWidth: 2.5, strokeLinecap: "round", strokeLinejoin: "round" } as const;

export type CategoryKey = "tshirts" | "hoodies" | "mugs" | "posters" | "stickers" | "tote-bags" | "phone-cases";

const ICONS: Record<CategoryKey, React.ReactNode> = {
  tshirts: (
    <>
      <path d="M22 10 L12 15 L6 27 L14 31 L18 25 L18 55 L46 55 L46 25 L50 31 L58 27 L52 15 L42 10 C40 15 36 17 32 17 C28 17 24 15 22 10 Z" />
      <circle cx="32" cy="36" r="6" />
    </>
  ),
  hoodies: (
    <>
      <path d="M24 12 C24 6 40 6 40 12 L52 17 L58 40 L50 42 L47 30 L47 56 L17 56 L17 30 L14 42 L6 40 L12 17 Z" />
      <path d="M24 12 C25 20 39 20 40 12" />
      <path d="M29 19 L29 27 M35 19 L35 27" />
      <path d="M23 44 L41 44 L41 52 L23 52 Z" />
    </>
  ),
  mugs: (
    <>
      <path d="M12 16 L44 16 L42 54 L14 54 Z" />
      <path d="M44 24 C56 24 56 42 43 42" />
      <path d="M20 28 L36 28 M20 34 L32 34" />
    </>
  ),
  posters: (
    <>
      <rect x="14" y="8" width="36" height="48" rx="1.5" />
      <path d="M14 44 L26 32 L34 40 L40 34 L50 44" />
      <circle cx="38" cy="20" r="4" />
    </>
  ),
  stickers: (
    <>
      <path d="M12 12 L52 12 L52 38 L38 52 L12 52 Z" />
      <path d="M52 38 L40 38 C38.9 38 38 38.9 38 40 L38 52" />
      <path d="M22 26 C24 22 28 22 30 26 M34 26 C36 22 40 22 42 26 M24 36 C28 42 36 42 40 36" />
    </>
  ),
  "tote-bags": (
    <>
      <path d="M12 22 L52 22 L48 56 L16 56 Z" />
      <path d="M22 22 C22 8 42 8 42 22" />
      <path d="M26 36 L38 36 L32 46 Z" />
    </>
  ),
  "phone-cases": (
    <>
      <rect x="18" y="6" width="28" height="52" rx="6" />
      <rect x="22" y="10" width="8" height="10" rx="2" />
      <circle cx="36" cy="38" r="6" />
    </>
  ),
};

export function CategoryIcon({ category, size = 56 }: { category: CategoryKey; size?: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false" {...common}>
      {ICONS[category]}
    </svg>
  );
}

/** The home page's hero picture: a t-shirt, a mug and a poster sharing one design. */
export function HeroIllustration({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <ServerPart of={Box} sx={{ color: "primary.dark", ...sx }} aria-hidden="true">
      <svg viewBox="0 0 320 260" width="100%" height="100%" focusable="false" role="presentation">
        <defs>
          <linearGradient id="hero-sun" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ffb74d" />
            <stop offset="1" stopColor="#f06292" />
          </linearGradient>
        </defs>
        {/* poster */}
        <g transform="translate(196 18) rotate(6)">
          <rect width="104" height="140" rx="4" fill="#fff" stroke="currentColor" strokeWidth="3" />
          <circle cx="52" cy="62" r="26" fill="url(#hero-sun)" />
          <path d="M10 118 L40 92 L60 108 L74 96 L94 118 Z" fill="#9ccc65" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        </g>
        {/* t-shirt */}
        <g transform="translate(24 40)">
          <path
            d="M62 6 L28 22 L6 62 L34 76 L46 56 L46 196 L166 196 L166 56 L178 76 L206 62 L184 22 L150 6 C144 24 130 32 106 32 C82 32 68 24 62 6 Z"
            fill="#b39ddb"
            stroke="currentColor"
            strokeWidth="3.5"
            strokeLinejoin="round"
          />
          <circle cx="106" cy="102" r="30" fill="url(#hero-sun)" />
          <path d="M70 150 L96 124 L114 140 L126 130 L144 150 Z" fill="#9ccc65" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        </g>
        {/* mug */}
        <g transform="translate(214 168)">
          <path d="M0 6 L64 6 L60 82 L4 82 Z" fill="#fff" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          <path d="M64 22 C88 22 88 60 62 60" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <circle cx="32" cy="40" r="14" fill="url(#hero-sun)" />
        </g>
      </svg>
    </ServerPart>
  );
}
