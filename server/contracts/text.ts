// Text that goes into one line: a name, a street, a file name. Browser-safe.

/**
 * Control characters (a line break, a tab, NUL) become a space and runs of spaces one, so a label,
 * an e-mail, a log line or a packing slip never breaks where nobody meant it to.
 */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/ {2,}/g, " ");
}

/**
 * An uploaded file's name as Platen keeps and shows it: on one line, without path separators,
 * trimmed to `max` characters; `fallback` when nothing is left (a name of only control characters).
 */
export function cleanFileName(name: string, fallback: string, max = 200): string {
  const clean = oneLine(name.normalize("NFC"))
    .replace(/[\\/]+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
  return clean || fallback;
}
