// The part of RFC 4180 an invitation list needs: comma-separated fields, quoted fields with "" for a quote and
// line breaks inside, CRLF or LF line ends, a byte-order mark ignored. Each record keeps the line it starts on.

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += ch;
    i++;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address']);

/**
 * The addresses of an invitation CSV, each with its line: the `email` column when the first record is a header
 * naming one, else the first column of every record.
 */
export function emailsOfCsv(text: string): { row: number; email: string }[] {
  const records = parseCsv(text);
  const header = records[0]?.fields.findIndex((f) => EMAIL_HEADERS.has(f.trim().toLowerCase())) ?? -1;
  const column = Math.max(header, 0);
  return records
    .slice(header >= 0 ? 1 : 0)
    .map((record) => ({ row: record.line, email: (record.fields[column] ?? '').trim() }));
}
