// MUI's Chip. The server build draws a plain chip from a template instead: vite.config.ts puts
// ./ChipOnServer.tsx in place of this module in the SSR build only, so the browser bundle is MUI's
// Chip and nothing more (its JavaScript budget is counted to the byte).
export { default } from "@mui/material/Chip";
