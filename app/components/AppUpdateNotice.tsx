import Button from "@mui/material/Button";
import Snackbar from "@mui/material/Snackbar";
import { APP_UPDATE_MESSAGE } from "../lib/constants.ts";

/** The offer to reload for a new build (AppUpdateNotifier.tsx loads it once a new build is seen). */
export default function AppUpdateNotice() {
  return (
    <Snackbar
      open
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
