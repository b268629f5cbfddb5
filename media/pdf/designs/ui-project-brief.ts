// UI design: the project brief, a settings page to redesign.
import { C } from '../kit/brand';
import type { Box, Pen } from '../kit/pen';
import type { ResourceDesign } from '../kit/sheet';

export const uiProjectBrief: ResourceDesign = {
  file: '/media/resources/ui-project-brief.pdf',
  kind: 'Project brief',
  title: 'Project: redesign a settings page',
  draw(col, sheet) {
    col.heading('The situation');
    col.paragraph(
      '**Lumen** is a note-taking app whose settings page grew one checkbox at a time. Today it is one long list of 23 settings in the order they were built, three different button styles, and the **Save** button sits below the fold, so people leave without saving.',
    );
    col.space(4);
    const [before, goals] = col.split(2, 20);
    before!.figure(250, clutteredSettings);
    goals!.heading('Your goals', { size: 12 });
    goals!.list(
      [
        '**Group** related settings; every group gets a clear heading.',
        'Make the **one action that matters most** (Save changes) stand out and always reachable.',
        'Put **destructive actions** (delete account, sign out everywhere) apart, and ask before doing them.',
        'Use an **8-point spacing grid** and at most **four type sizes**.',
        'Use the primary colour for the **primary action only**; text contrast at least 4.5 : 1.',
      ],
      { size: 9.5 },
    );
    col.below([before!, goals!], 4);
    col.heading('The 23 settings to place');
    const inventory = [
      'Display name',
      'Email address',
      'Password',
      'Two-factor authentication',
      'Profile photo',
      'Email me about comments',
      'Email me about mentions',
      'Weekly summary email',
      'Push notifications',
      'Sound on new note',
      'Theme (light, dark, system)',
      'Font size',
      'Compact mode',
      'Show word count',
      'Default notebook',
      'Spell-check language',
      'Make profile public',
      'Show online status',
      'Let search engines index shared notes',
      'Download my data',
      'Delete account',
      'Sign out of all devices',
      'Keyboard shortcuts',
    ];
    const lists = col.split(3, 12);
    [0, 8, 16].forEach((start, i) =>
      lists[i]!.list(inventory.slice(start, start + 8), { size: 9, gap: 1.5 }),
    );
    col.below(lists);

    const next = sheet.page();
    next.heading('What you hand in');
    next.list(
      [
        '**A grouping map**: every setting in a group, with the group’s name (a card sort with three people is ideal).',
        '**Wireframes** at 1280 and 375 pixels wide, in greys only.',
        '**One high-fidelity screen** at 1280 wide, built on your spacing grid and type scale.',
        '**Half a page of rationale**: what you grouped, what you made loud, what you made quiet, and why.',
      ],
      { numbered: true },
    );
    next.heading('A four-day plan');
    next.table(
      ['Day', 'Work', 'Result'],
      [
        ['1', 'Audit the page; card-sort the 23 settings', 'Grouping map'],
        ['2', 'Sketch three layouts; pick one; wireframe both widths', 'Wireframes'],
        ['3', 'Spacing, type scale and colour on the chosen layout', 'High-fidelity screen'],
        [
          '4',
          'Run the five-second checklist with five people; fix what they missed',
          'Rationale and final screen',
        ],
      ],
      [0.5, 3.4, 1.6],
    );
    next.heading('How it is judged');
    next.table(
      ['Criterion', 'What great looks like'],
      [
        ['Grouping', 'Every setting is where a new user would look for it; no group called “Other”.'],
        ['Hierarchy', 'In five seconds people name the page’s purpose and find Save changes.'],
        ['Spacing', 'Every gap is a multiple of 8; related things sit closer than unrelated ones.'],
        ['Type', 'Four sizes or fewer; headings, labels and help text are told apart at a glance.'],
        ['Colour and contrast', 'One colour for the primary action; all text passes 4.5 : 1.'],
        ['Danger zone', 'Destructive actions are separated, clearly labelled and confirmed.'],
      ],
      [1.3, 4.5],
    );
    next.callout(
      'Before you submit',
      'Test your final screen with the five-second checklist from the first section of this course, and attach the answers you collected.',
      { tone: 'accent' },
    );
  },
};

/** The page as it is today: one long list, mixed buttons, Save out of sight. */
function clutteredSettings(pen: Pen, box: Box) {
  pen.label('TODAY', box.x, box.y + box.height - 8, { size: 7.5, color: C.danger });
  const frameTop = box.y + box.height - 14;
  pen.roundedRect(box.x, box.y, box.width, frameTop - box.y, 6, { fill: C.white, stroke: C.border });
  const rows = [
    'Display name',
    'Theme',
    'Email me about comments',
    'Delete account',
    'Font size',
    'Two-factor authentication',
    'Sound on new note',
    'Make profile public',
    'Password',
    'Weekly summary email',
    'Compact mode',
    'Download my data',
  ];
  let y = frameTop - 14;
  const button = { stroke: C.faint, strokeWidth: 0.5 };
  rows.forEach((row, i) => {
    pen.tickBox(box.x + 10, y - 6, 7, { color: C.faint, thickness: 0.8 });
    const danger = i === 3; // Delete account, in red but in the middle of the list
    pen.label(row, box.x + 22, y - 5, {
      size: 7.6,
      font: danger ? 'bold' : 'regular',
      color: danger ? C.danger : C.muted,
    });
    if (i % 4 === 1)
      pen.roundedRect(box.x + box.width - 54, y - 8, 44, 11, i === 5 ? 5 : 1, {
        fill: i === 5 ? C.accentSoft : C.surfaceMuted,
        ...button,
      });
    y -= 14.5;
  });
  pen.label('… 11 more …', box.x + 22, y - 5, { size: 7.6, font: 'italic', color: C.faint });
  // The fold, and Save below it.
  const fold = box.y + 26;
  pen.line(
    { x: box.x - 4, y: fold },
    { x: box.x + box.width + 4, y: fold },
    { color: C.danger, dash: [4, 3] },
  );
  pen.label('the fold', box.x + box.width - 36, fold + 3, { size: 7, color: C.danger });
  pen.roundedRect(box.x + 10, box.y + 6, 40, 13, 2, { fill: C.surfaceMuted, ...button });
  pen.label('Save', box.x + 20, box.y + 10, { size: 7.6, font: 'regular', color: C.muted });
}
