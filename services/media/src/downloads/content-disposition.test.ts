import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from './content-disposition';

/** What a browser reads back from filename*= (RFC 8187). */
const extendedName = (header: string) => decodeURIComponent(/filename\*=UTF-8''(\S+)$/.exec(header)![1]!);

describe('attachment names', () => {
  it('names a plain file the same way in both parameters', () => {
    expect(attachmentDisposition('css-grid-cheat-sheet.pdf')).toBe(
      `attachment; filename="css-grid-cheat-sheet.pdf"; filename*=UTF-8''css-grid-cheat-sheet.pdf`,
    );
  });

  it('keeps the exact name in filename* and an ASCII stand-in without quotes, backslashes or percent signs', () => {
    const header = attachmentDisposition('Résumé "final"; 100%.pdf');
    expect(header).toBe(
      `attachment; filename="Resume _final_; 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%3B%20100%25.pdf`,
    );
    expect(extendedName(header)).toBe('Résumé "final"; 100%.pdf');
  });

  it('encodes the characters RFC 8187 does not allow bare', () => {
    expect(attachmentDisposition("it's (really) *done*.zip")).toContain(
      `filename*=UTF-8''it%27s%20%28really%29%20%2Adone%2A.zip`,
    );
  });

  it('never lets a name break the header: line breaks and other control characters are dropped', () => {
    const header = attachmentDisposition('notes\r\nSet-Cookie: session=stolen\u0000.pdf');
    expect(header).not.toMatch(/[\r\n\0]/);
    expect(header).toBe(
      `attachment; filename="notesSet-Cookie: session=stolen.pdf"; filename*=UTF-8''notesSet-Cookie%3A%20session%3Dstolen.pdf`,
    );
  });

  it('keeps only the last segment of a path, whichever separator it uses', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\notes.pdf')).toBe('notes.pdf');
    expect(attachmentDisposition('/tmp/..')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });

  it('gives a name of characters outside ASCII an underscored stand-in and its real name in UTF-8', () => {
    const header = attachmentDisposition('講義ノート.pdf');
    expect(header).toMatch(/^attachment; filename="_+\.pdf"; /);
    expect(extendedName(header)).toBe('講義ノート.pdf');
  });

  it('falls back to a neutral name when nothing printable is left', () => {
    expect(attachmentDisposition('\r\n\t')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });
});
