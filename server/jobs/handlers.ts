// Registers every module's outbox handlers. Each feature adds its registration here.
export function registerJobHandlers(): void {
  // (modules register their topics here)
}
