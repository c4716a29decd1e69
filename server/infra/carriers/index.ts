// The carrier port's providers (ADR 0018). Only the built-in local carrier exists today; an
// aggregator (EasyPost- or Shippo-shaped) is added here behind the same port.
import type { CarrierProvider } from "../../contracts/ports.ts";
import { localCarrier } from "./local.ts";

export { isS10, localCarrier, localFeed, localPace, LOCAL_SERVICES, REHEARSAL_PACE, s10CheckDigit, s10For } from "./local.ts";

let provider: CarrierProvider | null = null;

/** The configured carrier provider (the local carrier unless another is configured). */
export function carrierProvider(): CarrierProvider {
  return (provider ??= localCarrier());
}
