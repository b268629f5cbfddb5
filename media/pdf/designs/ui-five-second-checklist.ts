// UI design: the five-second checklist.
import { C } from '../kit/brand';
import type { Box, Pen } from '../kit/pen';
import type { ResourceDesign } from '../kit/sheet';

export const uiFiveSecondChecklist: ResourceDesign = {
  file: '/media/resources/ui-five-second-checklist.pdf',
  kind: 'Checklist',
  title: 'The five-second checklist',
  draw(col) {
    col.paragraph(
      '**How to run it.** Show the screen to someone who has not seen it for exactly five seconds, then hide it and ask the five questions. Write down their words, not yours. Five people find most of the problems.',
    );
    col.space(4).figure(34, (pen, box) => writeInFields(pen, box, ['Screen tested', 'Date', 'Tester']));
    col.heading('The five questions');
    col.checklist(
      [
        {
          text: '1. What is this screen for?',
          hint: 'Looking for: its purpose in their own words. “Some kind of dashboard” is a miss.',
        },
        {
          text: '2. What should I do first?',
          hint: 'Looking for: the primary action. If they name a secondary link, the primary one is not loud enough.',
        },
        {
          text: '3. What is most important here?',
          hint: 'Looking for: the thing you meant to be seen first. Size, weight, colour and position decide it.',
        },
        {
          text: '4. Is anything competing for attention?',
          hint: 'Looking for: two or more things of the same visual weight. Quiet everything but the one that matters.',
        },
        {
          text: '5. Would a new user know where they are?',
          hint: 'Looking for: the page title, the current place in the navigation, a way back.',
        },
      ],
      { writeLines: 2 },
    );
    const [score, tips] = col.split(2, 16);
    score!.heading('Score', { size: 12 });
    score!.table(
      ['Correct answers', 'Next step'],
      [
        ['5 of 5', 'Ship it.'],
        ['3 or 4', 'Fix the misses, test again with new people.'],
        ['0 to 2', 'Rethink the hierarchy before polishing anything.'],
      ],
      [1, 2],
      { size: 9 },
    );
    tips!.heading('Keep the test honest', { size: 12 });
    tips!.list(
      [
        'Never explain the screen first.',
        'Use real content, never placeholder text.',
        'Test on the device people will use.',
        'Ask the same questions in the same order.',
      ],
      { size: 9.2 },
    );
    col.below([score!, tips!]);
  },
};

/** Labelled write-in fields across the width. */
function writeInFields(pen: Pen, box: Box, labels: string[]) {
  const shares = labels.map((_, i) => (i === 0 ? 2 : 1));
  const total = shares.reduce((a, b) => a + b, 0);
  let x = box.x;
  labels.forEach((label, i) => {
    const width = (shares[i]! / total) * box.width - 14;
    pen.label(label.toUpperCase(), x, box.y + box.height - 9, { size: 7.2, color: C.muted });
    pen.line({ x, y: box.y + 4 }, { x: x + width, y: box.y + 4 }, { thickness: 0.8, color: C.faint });
    x += width + 14;
  });
}
