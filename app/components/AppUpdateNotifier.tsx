import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { useEffect, useState } from "react";
import { APP_UPDATE_MESSAGE, BUILD_CHECK_INTERVAL_MS, LATEST_BUILD_PATH } from "../lib/constants.ts";

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
  return (
    <Snackbar
      open={available}
      message={APP_UPDATE_MESSAGE}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      action={
        <Button color="secondary" size="small" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
