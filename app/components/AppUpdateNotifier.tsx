import { lazy, Suspense, useEffect, useState } from "react";
import { BUILD_CHECK_INTERVAL_MS, LATEST_BUILD_PATH } from "../lib/constants.ts";

// The snackbar's code is fetched once a new build is seen: every page runs this check, few ever
// show the offer, and MUI's Snackbar is JavaScript each page would otherwise download (issue 9).
const AppUpdateNotice = lazy(() => import("./AppUpdateNotice.tsx"));

/** Checks the latest-build file every 60 minutes; when the build id changed, offers a reload. */
export function AppUpdateNotifier({ buildId, intervalMs = BUILD_CHECK_INTERVAL_MS }: { buildId: string; intervalMs?: number }) {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const override = Number((window as { __PLATEN_BUILD_CHECK_MS?: number }).__PLATEN_BUILD_CHECK_MS);
    const every = Number.isFinite(override) && override > 0 ? override : intervalMs;
    let cancelled = false;
    const check = async () => {
      try {
        const res = await fetch(LATEST_BUILD_PATH, { cache: "no-store" });
        if (!res.ok) return;
        const body = (await res.json()) as { buildId?: unknown };
        if (!cancelled && typeof body.buildId === "string" && body.buildId !== buildId) setAvailable(true);
      } catch {
        /* offline: try again next time */
      }
      // How many checks have finished (tests wait for it instead of for a time).
      const root = document.documentElement;
      root.dataset.buildChecks = String(Number(root.dataset.buildChecks ?? 0) + 1);
    };
    const timer = window.setInterval(check, every);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [buildId, intervalMs]);
  return available ? (
    <Suspense fallback={null}>
      <AppUpdateNotice />
    </Suspense>
  ) : null;
}
