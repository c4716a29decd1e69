// Constants from the spec (section 9): contracts, keep verbatim.
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const TOKEN_REFRESH_LEAD_MS = 5 * 60 * 1000;
export const TOKEN_REFRESH_RETRY_MIN_MS = 30 * 1000;
export const TOKEN_REFRESH_RETRY_MAX_MS = 16 * 60 * 1000;
export const NETWORK_TIMEOUT_DESKTOP_MS = 30 * 1000;
export const NETWORK_TIMEOUT_MOBILE_MS = 60 * 1000;
export const LATEST_BUILD_PATH = "/latest-build.json";
export const THEME_COOKIE = "platen_theme";
export const APP_UPDATE_MESSAGE = "A new version of Platen is available";
