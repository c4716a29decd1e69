// Contracts: the types and values that modules, infra adapters and the web layer share. This
// package imports nothing from the rest of the server, so anyone may depend on it.
export * from "./clock.ts";
export * from "./money.ts";
export * from "./roles.ts";
export * from "./ports.ts";
export * from "./events.ts";
export * from "./catalog.ts";
export * from "./imaging.ts";
export * from "./search.ts";
export * from "./html.ts";
export * from "./countries.ts";
export * from "./documents.ts";
