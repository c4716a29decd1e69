// MUI's Stack in the browser; the SSR build puts StackOnServer.tsx in its place (vite.config.ts), so
// the browser bundle carries none of the server's code.
export { default } from "@mui/material/Stack";
