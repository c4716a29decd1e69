// The designer's placement stage: the colour's template image with the artwork as a draggable,
// scalable and rotatable layer clipped to the print area. Pointer events (mouse, pen, touch),
// keyboard nudging, snap-to-centre guides.
import Box from "#app/components/ui/Box.tsx";
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { placementToPixels, snappedAxes, snapToCentre } from "#server/modules/catalog/preflight.ts";
import type { Placement, TemplateRect } from "#server/modules/catalog/types.ts";

export interface StageArtwork {
  url: string;
  width: number;
  height: number;
}

export interface DesignerStageProps {
  templateUrl: string;
  templateWidth: number;
  templateHeight: number;
  rect: TemplateRect;
  artwork: StageArtwork | null;
  placement: Placement;
  onChange: (p: Placement) => void;
  areaLabel: string;
  /** Fabric colour, shown while the template image loads. */
  hex: string;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, d = 4) => Math.round(v * 10 ** d) / 10 ** d;
export const tidy = (p: Placement): Placement => ({
  x: round(clamp(p.x, -1, 2)),
  y: round(clamp(p.y, -1, 2)),
  scale: round(clamp(p.scale, 0.02, 4)),
  rotation: round(((((p.rotation + 180) % 360) + 360) % 360) - 180, 2),
});

type Drag = {
  mode: "move" | "scale" | "rotate";
  pointerId: number;
  start: { x: number; y: number };
  from: Placement;
  startDist: number;
  startAngle: number;
};

export function DesignerStage({
  templateUrl,
  templateWidth,
  templateHeight,
  rect,
  artwork,
  placement,
  onChange,
  areaLabel,
  hex,
}: DesignerStageProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const [active, setActive] = useState(false);
  const clipId = useId().replace(/:/g, "");
  const aspect = artwork ? artwork.width / artwork.height : 1;
  const px = placementToPixels(placement, rect, aspect);
  const snapped = snappedAxes(placement, 0.0001);
  const handle = Math.max(14, templateWidth / 45);

  const toSvg = (e: { clientX: number; clientY: number }) => {
    const svg = svgRef.current;
    const m = svg?.getScreenCTM();
    if (!svg || !m) return { x: 0, y: 0 };
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: pt.x, y: pt.y };
  };

  const begin = (mode: Drag["mode"]) => (e: ReactPointerEvent<SVGElement>) => {
    if (!artwork) return;
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    const start = toSvg(e);
    drag.current = {
      mode,
      pointerId: e.pointerId,
      start,
      from: placement,
      startDist: Math.hypot(start.x - px.cx, start.y - px.cy) || 1,
      startAngle: Math.atan2(start.y - px.cy, start.x - px.cx),
    };
    setActive(true);
  };

  const moveTo = (e: ReactPointerEvent<SVGElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const p = toSvg(e);
    let next: Placement = d.from;
    if (d.mode === "move") {
      next = { ...d.from, x: d.from.x + (p.x - d.start.x) / rect.w, y: d.from.y + (p.y - d.start.y) / rect.h };
      next = snapToCentre(next);
    } else if (d.mode === "scale") {
      const dist = Math.hypot(p.x - px.cx, p.y - px.cy);
      next = { ...d.from, scale: d.from.scale * (dist / d.startDist) };
    } else {
      const angle = Math.atan2(p.y - px.cy, p.x - px.cx);
      next = snapToCentre({ ...d.from, rotation: d.from.rotation + ((angle - d.startAngle) * 180) / Math.PI });
      next = { ...next, x: d.from.x, y: d.from.y };
    }
    onChange(tidy(next));
  };

  const end = (e: ReactPointerEvent<SVGElement>) => {
    if (drag.current?.pointerId === e.pointerId) drag.current = null;
    setActive(false);
  };

  const onKey = (e: KeyboardEvent<SVGGElement>) => {
    const step = e.shiftKey ? 0.05 : 0.01;
    const map: Record<string, (p: Placement) => Placement> = {
      ArrowLeft: (p) => ({ ...p, x: p.x - step }),
      ArrowRight: (p) => ({ ...p, x: p.x + step }),
      ArrowUp: (p) => ({ ...p, y: p.y - step }),
      ArrowDown: (p) => ({ ...p, y: p.y + step }),
      "+": (p) => ({ ...p, scale: p.scale * (e.shiftKey ? 1.1 : 1.02) }),
      "=": (p) => ({ ...p, scale: p.scale * 1.02 }),
      "-": (p) => ({ ...p, scale: p.scale / 1.02 }),
      "[": (p) => ({ ...p, rotation: p.rotation - (e.shiftKey ? 15 : 1) }),
      "]": (p) => ({ ...p, rotation: p.rotation + (e.shiftKey ? 15 : 1) }),
      c: (p) => ({ ...p, x: 0.5, y: 0.5 }),
    };
    const f = map[e.key];
    if (!f) return;
    e.preventDefault();
    onChange(tidy(f(placement)));
  };

  const cornerX =
    px.cx + (px.width / 2) * Math.cos((px.rotation * Math.PI) / 180) - (px.height / 2) * Math.sin((px.rotation * Math.PI) / 180);
  const cornerY =
    px.cy + (px.width / 2) * Math.sin((px.rotation * Math.PI) / 180) + (px.height / 2) * Math.cos((px.rotation * Math.PI) / 180);
  const rotX = px.cx + (px.height / 2 + handle * 2.5) * Math.sin((px.rotation * Math.PI) / 180);
  const rotY = px.cy - (px.height / 2 + handle * 2.5) * Math.cos((px.rotation * Math.PI) / 180);

  return (
    <Box
      sx={{
        position: "relative",
        width: "100%",
        aspectRatio: `${templateWidth} / ${templateHeight}`,
        bgcolor: "#eceae6",
        borderRadius: 1,
        overflow: "hidden",
        touchAction: "none",
        userSelect: "none",
      }}
    >
      <svg
        ref={svgRef}
        viewBox={`0 0 ${templateWidth} ${templateHeight}`}
        width="100%"
        height="100%"
        role="group"
        aria-label={`Placement stage for the ${areaLabel.toLowerCase()} print area`}
        onPointerMove={moveTo}
        onPointerUp={end}
        onPointerCancel={end}
        style={{ display: "block", touchAction: "none" }}
      >
        <defs>
          <clipPath id={`clip-${clipId}`}>
            <rect x={rect.x} y={rect.y} width={rect.w} height={rect.h} />
          </clipPath>
        </defs>
        <rect x={0} y={0} width={templateWidth} height={templateHeight} fill={hex} opacity={0.15} />
        <image href={templateUrl} x={0} y={0} width={templateWidth} height={templateHeight} preserveAspectRatio="xMidYMid meet" />
        {artwork && (
          <>
            {/* The part outside the print area, faint: it will not be printed. */}
            <g transform={`translate(${px.cx} ${px.cy}) rotate(${px.rotation})`} opacity={active ? 0.25 : 0.12} pointerEvents="none">
              <image
                href={artwork.url}
                x={-px.width / 2}
                y={-px.height / 2}
                width={px.width}
                height={px.height}
                preserveAspectRatio="none"
              />
            </g>
            <g clipPath={`url(#clip-${clipId})`} pointerEvents="none">
              <g transform={`translate(${px.cx} ${px.cy}) rotate(${px.rotation})`}>
                <image
                  href={artwork.url}
                  x={-px.width / 2}
                  y={-px.height / 2}
                  width={px.width}
                  height={px.height}
                  preserveAspectRatio="none"
                />
              </g>
            </g>
          </>
        )}
        <rect
          x={rect.x}
          y={rect.y}
          width={rect.w}
          height={rect.h}
          fill="none"
          stroke="#1976d2"
          strokeWidth={Math.max(2, templateWidth / 500)}
          strokeDasharray="10 8"
          opacity={0.8}
          pointerEvents="none"
        />
        {artwork && snapped.x && (
          <line
            x1={rect.x + rect.w / 2}
            x2={rect.x + rect.w / 2}
            y1={rect.y}
            y2={rect.y + rect.h}
            stroke="#e91e63"
            strokeWidth={2}
            data-testid="guide-x"
            pointerEvents="none"
          />
        )}
        {artwork && snapped.y && (
          <line
            y1={rect.y + rect.h / 2}
            y2={rect.y + rect.h / 2}
            x1={rect.x}
            x2={rect.x + rect.w}
            stroke="#e91e63"
            strokeWidth={2}
            data-testid="guide-y"
            pointerEvents="none"
          />
        )}
        {artwork && (
          <g
            tabIndex={0}
            role="button"
            aria-label={`Artwork on the ${areaLabel.toLowerCase()}. Drag to move. Arrow keys move it, plus and minus resize, square brackets rotate, C centres.`}
            onKeyDown={onKey}
            style={{ outline: "none", cursor: active ? "grabbing" : "grab" }}
            data-testid="artwork-layer"
          >
            <g transform={`translate(${px.cx} ${px.cy}) rotate(${px.rotation})`}>
              <rect
                x={-px.width / 2}
                y={-px.height / 2}
                width={px.width}
                height={px.height}
                fill="transparent"
                stroke="#1976d2"
                strokeWidth={Math.max(2, templateWidth / 600)}
                onPointerDown={begin("move")}
              />
              <line
                x1={0}
                y1={-px.height / 2}
                x2={0}
                y2={-px.height / 2 - handle * 2.5}
                stroke="#1976d2"
                strokeWidth={2}
                pointerEvents="none"
              />
            </g>
            <circle
              cx={cornerX}
              cy={cornerY}
              r={handle}
              fill="#fff"
              stroke="#1976d2"
              strokeWidth={3}
              style={{ cursor: "nwse-resize" }}
              onPointerDown={begin("scale")}
              data-testid="scale-handle"
            />
            <circle
              cx={rotX}
              cy={rotY}
              r={handle}
              fill="#1976d2"
              stroke="#fff"
              strokeWidth={3}
              style={{ cursor: "crosshair" }}
              onPointerDown={begin("rotate")}
              data-testid="rotate-handle"
            />
          </g>
        )}
      </svg>
    </Box>
  );
}
