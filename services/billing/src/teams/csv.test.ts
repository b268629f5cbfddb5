import { describe, expect, it } from 'vitest';
import { emailsOfCsv, parseCsv } from './csv';

describe('reading an invitation CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CRLF line ends', () => {
    expect(parseCsv('a,"b, c","say ""hi"""\r\n"two\nlines",x\r\n')).toEqual([
      { line: 1, fields: ['a', 'b, c', 'say "hi"'] },
      { line: 2, fields: ['two\nlines', 'x'] },
    ]);
  });

  it('skips blank lines, keeps each record on its own line number and ignores a byte-order mark', () => {
    expect(parseCsv('\uFEFFa\n\nb\n')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 3, fields: ['b'] },
    ]);
  });

  it('takes the email column a header names, else the first column', () => {
    expect(emailsOfCsv('Name,E-mail\nAda,ada@x.example\nBob, bob@x.example \n')).toEqual([
      { row: 2, email: 'ada@x.example' },
      { row: 3, email: 'bob@x.example' },
    ]);
    expect(emailsOfCsv('ada@x.example,Ada\nbob@x.example')).toEqual([
      { row: 1, email: 'ada@x.example' },
      { row: 2, email: 'bob@x.example' },
    ]);
  });

  it('gives an empty address for a record without the column (refused as no address later)', () => {
    expect(emailsOfCsv('name,email\nAda')).toEqual([{ row: 2, email: '' }]);
  });
});
