/**
 * `Content-Disposition: attachment` naming a file as the person uploaded it, safely (RFC 6266): an ASCII
 * `filename=` every browser understands, and `filename*=` with the exact name in UTF-8 (RFC 8187) for the
 * browsers that read it. Only the last segment of a path is kept; control characters are dropped; quotes,
 * backslashes and percent signs never reach the quoted fallback, so a name cannot end the header or add one.
 */
export function attachmentDisposition(originalName: string, fallback = 'download'): string {
  const name = safeFileName(originalName) || fallback;
  const ascii = asciiFallback(name) || fallback;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/** The name's last path segment without control characters, at most 255 characters; '' when nothing is left. */
export function safeFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .replace(/[\p{Cc}\u2028\u2029]/gu, '')
    .trim()
    .slice(0, 255);
  // "." and ".." name directories, not files.
  return /^\.+$/.test(cleaned) ? '' : cleaned;
}

/** The name in printable ASCII: accents dropped (é → e), anything else that is not safe in a quoted string as "_". */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
    .trim();
}

/** RFC 8187's value-chars: encodeURIComponent leaves ' ( ) * unescaped, which attr-char does not allow. */
const encodeRfc8187 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
