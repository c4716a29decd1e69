// CSV sheets (stock, carrier rate tables): reading and writing through csv-parse and
// csv-stringify, so no module hand-rolls quoting. Modules validate the rows themselves; this
// adapter only turns text into named columns and back.
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

/** A problem with the file itself at one of its lines (an unclosed quote, a row of the wrong length). */
export interface CsvLineError {
  /** 1-based line of the file (the header is line 1). */
  row: number;
  message: string;
}

export interface ParsedCsv {
  /** Header names, trimmed and lower-cased, in file order. */
  columns: string[];
  /** One record per data row, keyed by the header names; values trimmed. */
  rows: Record<string, string>[];
  /** The file line each row of `rows` ends on (1-based, header = 1), for messages a spreadsheet user can find. */
  lines: number[];
  errors: CsvLineError[];
}

interface CsvParseError extends Error {
  code?: string;
  lines?: number;
}

const MESSAGES: Record<string, string> = {
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: "This row has a different number of columns than the header.",
  CSV_RECORD_INCONSISTENT_COLUMNS: "This row has a different number of columns than the header.",
  CSV_QUOTE_NOT_CLOSED: "A quote opened on or before this row is never closed.",
  CSV_MAX_RECORD_SIZE: "This row is too long.",
};
const UNREADABLE_ROW = "This row could not be read: put quotes around a whole field, and double any quote inside it.";

/**
 * Read a CSV sheet whose first line names its columns (a UTF-8 byte order mark and blank lines
 * are ignored). Rows the parser cannot read are left out of `rows` and named in `errors`, so the
 * caller can report every problem at once.
 */
export function parseCsv(text: string): ParsedCsv {
  const errors: CsvLineError[] = [];
  const lastLine = text.split(/\r\n|\r|\n/).length;
  // One message per row (the parser may report a row twice), never the library's own wording.
  const note = (e: CsvParseError) => {
    const row = Math.min(Math.max(1, e.lines ?? 1), lastLine);
    if (!errors.some((x) => x.row === row)) errors.push({ row, message: MESSAGES[e.code ?? ""] ?? UNREADABLE_ROW });
  };
  let columns: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[] = [];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => {
        columns = header.map((h) => String(h).trim().toLowerCase());
        return columns;
      },
      skip_empty_lines: true,
      trim: true,
      info: true,
      skip_records_with_error: true,
      on_skip: (error: CsvParseError | undefined) => {
        if (error) note(error);
      },
    }) as unknown as { record: Record<string, string>; info: { lines: number } }[];
  } catch (error) {
    note(error as CsvParseError);
  }
  return { columns, rows: records.map((r) => r.record), lines: records.map((r) => r.info.lines), errors };
}

/** Write rows as CSV with a header line of `columns` (values in that order; missing ones empty). */
export function toCsv(rows: readonly Record<string, string | number | null | undefined>[], columns: readonly string[]): string {
  return stringify(
    rows.map((r) => columns.map((c) => (r[c] === null || r[c] === undefined ? "" : String(r[c])))),
    { header: true, columns: [...columns], record_delimiter: "unix" },
  );
}
