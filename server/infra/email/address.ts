import type { EmailAddress } from "./types.ts";

/** Parse `Name <user@host>` or `user@host` (EMAIL_FROM) into an address. */
export function parseAddress(value: string): EmailAddress {
  const m = /^\s*(?:"?([^"<]*?)"?\s*)?<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (m) {
    const name = m[1]?.trim();
    return name ? { email: m[2]!, name } : { email: m[2]! };
  }
  return { email: value.trim() };
}

/** True when the string looks like a deliverable address (one @, a dotted or local host). */
export function isPlausibleAddress(value: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(value);
}
