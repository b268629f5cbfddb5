import { describe, expect, it } from 'vitest';
import { CaptionsError, captionsLanguageOf, captionsToWebVtt, cueWords, parseWebVtt } from './captions';

const failureOf = (text: string) => {
  try {
    captionsToWebVtt(text);
  } catch (error) {
    if (error instanceof CaptionsError) return error.message;
    throw error;
  }
  throw new Error('expected the file to be refused');
};

describe('captions: SRT converted to WebVTT, checked line by line', () => {
  it('converts an SRT file to WebVTT with the same timing and text', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:04,250',
      'Welcome to the <i>first</i> lesson.',
      '',
      '2',
      '00:01:05,500 --> 01:00:10,000',
      '<font color="red">Two</font> lines',
      'of text',
      '',
    ].join('\r\n');
    const { vtt, cues } = captionsToWebVtt(srt);
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:04.250',
        'Welcome to the <i>first</i> lesson.',
        '',
        '00:01:05.500 --> 01:00:10.000',
        'Two lines',
        'of text',
        '',
      ].join('\n'),
    );
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [1, 4.25],
      [65.5, 3610],
    ]);
    // the WebVTT written reads back to the same cues
    expect(parseWebVtt(vtt)).toEqual(cues);
  });

  it('reads WebVTT as it is: short timestamps, identifiers, settings and NOTE blocks', () => {
    const { cues } = captionsToWebVtt(
      'WEBVTT - lesson\n\nNOTE a comment\n\nintro\n00:01.000 --> 00:03.500 align:start\nHello &amp; <v Ana>welcome</v>\n',
    );
    expect(cues).toEqual([{ start: 1, end: 3.5, text: 'Hello &amp; <v Ana>welcome</v>' }]);
    expect(cueWords(cues[0]!.text)).toBe('Hello & welcome');
  });

  it("keeps the captions' language in the WebVTT header: the one asked for, else the one the file names", () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nHola.\n';
    const spanish = captionsToWebVtt(srt, 'es');
    expect(spanish.vtt).toBe('WEBVTT\nLanguage: es\n\n00:00:01.000 --> 00:00:02.000\nHola.\n');
    expect(spanish.language).toBe('es');
    expect(captionsLanguageOf(spanish.vtt)).toBe('es');
    expect(captionsToWebVtt(srt).language).toBeNull();

    const named = 'WEBVTT\nKind: captions\nLanguage: de\n\n00:01.000 --> 00:02.000\nHallo.\n';
    expect(captionsToWebVtt(named)).toMatchObject({ vtt: named, language: 'de' });
    // asked for another, the header says the one asked for, once
    const renamed = captionsToWebVtt(named, 'pt-BR').vtt;
    expect(renamed).toBe('WEBVTT\nLanguage: pt-BR\nKind: captions\n\n00:01.000 --> 00:02.000\nHallo.\n');
    expect(parseWebVtt(renamed)).toEqual([{ start: 1, end: 2, text: 'Hallo.' }]);
    // a header naming something that is not a language tag names none
    expect(captionsLanguageOf('WEBVTT\nLanguage: <b>\n\n00:01.000 --> 00:02.000\nHi\n')).toBeNull();
    expect(captionsLanguageOf('WEBVTT\n\nLanguage: es\n00:01.000 --> 00:02.000\nHi\n')).toBeNull();
  });

  it('names the line of a timing that is wrong', () => {
    const srt = ['1', '00:00:01,000 --> 00:00:02,000', 'One', '', '2', '00:00:03,000 -> 00:00:04,000', 'Two'];
    expect(failureOf(srt.join('\n'))).toBe(
      'Line 6: expected a cue timing such as 00:00:01,000 --> 00:00:04,000',
    );
    srt[5] = '00:00:03,000 --> 00:00:4,000';
    expect(failureOf(srt.join('\n'))).toBe(
      'Line 6: "00:00:4,000" is not an end time (write it as 00:00:01,000 --> 00:00:04,000)',
    );
    srt[5] = '00:00:05,000 --> 00:00:04,000';
    expect(failureOf(srt.join('\n'))).toBe('Line 6: the cue ends before it starts');
  });

  it('names the line in a WebVTT file, and refuses one without its header or cues', () => {
    expect(
      failureOf('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOne\n\n00:00:xx.000 --> 00:00:04.000\nTwo'),
    ).toBe('Line 6: "00:00:xx.000" is not a start time (write it as 00:00:01.000 --> 00:00:04.000)');
    expect(failureOf('WEBVTT\n\n\nsecond\nno timing here')).toBe(
      'Line 5: expected a cue timing such as 00:00:01.000 --> 00:00:04.000',
    );
    expect(failureOf('WEBVTT\n')).toBe('Line 1: the file holds no cues');
    expect(failureOf('')).toBe('Line 1: the file holds no cues');
    expect(() => parseWebVtt('1\n00:00:01.000 --> 00:00:02.000\nOne')).toThrow(
      'Line 1: a WebVTT file starts with WEBVTT',
    );
  });
});
