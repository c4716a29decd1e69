export * from "./context.ts";
export * from "./errors.ts";
export * from "./state-machine.ts";
