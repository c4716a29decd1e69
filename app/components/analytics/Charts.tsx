// MUI X Charts, loaded after the page is interactive: the analytics pages render each chart on the
// server as usual, but the charts' JavaScript (about 130 KB gzipped) is a lazy chunk the browser
// fetches once the page has hydrated, so the page's own JavaScript stays within the back office's
// ceiling. The data table beside each chart carries the same figures from the first paint.
import Box from "#app/components/ui/Box.tsx";
import { lazy, Suspense } from "react";
import type { BarChartProps } from "@mui/x-charts/BarChart";
import type { LineChartProps } from "@mui/x-charts/LineChart";

const LazyBarChart = lazy(() => import("@mui/x-charts/BarChart").then((m) => ({ default: m.BarChart })));
const LazyLineChart = lazy(() => import("@mui/x-charts/LineChart").then((m) => ({ default: m.LineChart })));

/** The chart's room while its code loads (no layout shift). */
const Room = ({ height }: { height: number | undefined }) => <Box aria-hidden sx={{ height: height ?? 300 }} />;

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Room height={props.height} />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}

export function LineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<Room height={props.height} />}>
      <LazyLineChart {...props} />
    </Suspense>
  );
}
