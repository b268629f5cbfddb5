// CSS Grid layouts: the cheat sheet, with the anatomy of a grid.
import { C } from '../kit/brand';
import type { Box, Pen } from '../kit/pen';
import type { ResourceDesign } from '../kit/sheet';

export const cssGridCheatSheet: ResourceDesign = {
  file: '/media/resources/css-grid-cheat-sheet.pdf',
  kind: 'Cheat sheet',
  title: 'CSS Grid cheat sheet',
  draw(col, sheet) {
    col.intro(
      'Everything you type most often in CSS Grid, on two pages. Keep it open beside your editor while you work through **Real layouts**.',
    );
    col.space(4).figure(170, gridAnatomy);
    col.space(2);
    const [left, right] = col.split(2);
    left!.heading('The container');
    left!.definitions([
      ['display: grid', 'Makes the element a grid container; its direct children become grid items.'],
      [
        'grid-template-columns: 14rem 1fr 1fr',
        'The column tracks, left to right. Here: a fixed sidebar and two equal shares of the rest.',
      ],
      [
        'grid-template-rows: auto 1fr auto',
        'The row tracks, top to bottom: header and footer as tall as their content, the middle takes the rest.',
      ],
      [
        'grid-template-areas: "head head" "nav main"',
        'A picture of the layout in named cells. Each string is a row; a `.` leaves a cell empty; every name must form a rectangle.',
      ],
      ['gap: 1rem 2rem', 'Row gap, then column gap. Gaps sit only between tracks, never on the outer edges.'],
    ]);
    right!.heading('The items');
    right!.definitions([
      ['grid-column: 1 / 3', 'From column line 1 to line 3: the item spans two tracks.'],
      ['grid-column: span 2', 'Two tracks wide, starting wherever auto-placement puts it.'],
      ['grid-row: 1 / -1', 'From the first line to the last: the full height of the explicit grid.'],
      ['grid-area: main', 'Places the item in the area named `main` in grid-template-areas.'],
      [
        'justify-self / align-self',
        'Overrides the container’s alignment for this item: `start`, `end`, `center` or `stretch`.',
      ],
    ]);
    col.below([left!, right!]);

    const next = sheet.page();
    const [sizing, flow] = next.split(2);
    sizing!.heading('Sizing tracks');
    sizing!.definitions([
      ['1fr', 'One share of the free space left after fixed tracks and gaps are placed.'],
      ['repeat(3, 1fr)', 'Three equal columns without writing 1fr three times.'],
      ['minmax(12rem, 1fr)', 'Never narrower than 12rem; grows to share what is left.'],
      ['fit-content(20ch)', 'As wide as its content, but never more than 20ch.'],
      [
        'repeat(auto-fit, …)',
        'As many tracks as fit. Empty tracks collapse, so the items stretch to fill the row.',
      ],
      ['repeat(auto-fill, …)', 'As many tracks as fit, keeping the empty ones: items keep their size.'],
    ]);
    flow!.heading('Placement and alignment');
    flow!.definitions([
      [
        'grid-auto-rows: minmax(8rem, auto)',
        'The size of the rows Grid adds for items beyond the explicit grid.',
      ],
      [
        'grid-auto-flow: dense',
        'Back-fills holes with later, smaller items (the visual order then differs from the source order).',
      ],
      ['justify-items / align-items', 'Where every item sits in its cell, along the row and the column.'],
      ['place-items: center', 'Both at once: the shortest way to centre anything.'],
      [
        'justify-content / align-content',
        'Where the whole grid sits when its tracks are smaller than the container.',
      ],
    ]);
    next.below([sizing!, flow!], 4);
    next.heading('Three recipes');
    const recipes = next.split(3, 12);
    recipes[0]!.code(
      `
.cards {
  display: grid;
  grid-template-columns:
    repeat(auto-fit,
      minmax(16rem, 1fr));
  gap: 1.5rem;
}`,
      { title: 'RESPONSIVE CARDS', size: 8 },
    );
    recipes[1]!.code(
      `
.page {
  display: grid;
  grid-template-areas:
    "head head"
    "nav  main"
    "foot foot";
  grid-template-columns:
    14rem 1fr;
}`,
      { title: 'PAGE LAYOUT WITH AREAS', size: 8 },
    );
    recipes[2]!.code(
      `
.hero {
  display: grid;
  place-items: center;
  min-height: 60vh;
}`,
      { title: 'CENTRE ANYTHING', size: 8 },
    );
    next.below(recipes, 8);
    next.heading('When it does not do what you expect');
    next.list([
      'Open the **grid overlay** in your browser’s developer tools (Firefox and Chromium both have one): it shows line numbers, area names and gaps.',
      'Areas must be **rectangles**: an L-shaped name in `grid-template-areas` makes the whole declaration invalid, and the browser ignores it.',
      'Only **direct children** are grid items. A wrapper in between stops placement; use `subgrid` or move the grid down a level.',
      'Negative line numbers count from the end of the **explicit** grid only: `-1` is not the last line of rows Grid added itself.',
      'Spacing items with margins fights the grid: use `gap` for the space between tracks.',
    ]);
  },
};

/** A 3 × 2 grid with its line numbers, a track, a gap and a named area. */
function gridAnatomy(pen: Pen, box: Box) {
  pen.roundedRect(box.x, box.y, box.width, box.height, 8, { fill: C.surfaceMuted });
  const gx = box.x + 44;
  const gy = box.y + 22;
  const cellW = 78;
  const cellH = 46;
  const gap = 10;
  const cols = [gx, gx + cellW + gap, gx + 2 * (cellW + gap)];
  const rows = [gy + cellH + gap, gy];
  // Column lines 1–4 and row lines 1–3.
  const lineXs = [cols[0]! - gap / 2, cols[1]! - gap / 2, cols[2]! - gap / 2, cols[2]! + cellW + gap / 2];
  const top = rows[0]! + cellH + gap / 2;
  const bottom = rows[1]! - gap / 2;
  const gridLine = { thickness: 0.8, color: C.accent, dash: [2, 2] };
  const number = { size: 8.5, color: C.accent };
  lineXs.forEach((x, i) => {
    pen.line({ x, y: bottom - 4 }, { x, y: top + 4 }, gridLine);
    pen.centred(String(i + 1), x, top + 9, number);
  });
  const lineYs = [top, rows[1]! + cellH + gap / 2, bottom];
  lineYs.forEach((y, i) => {
    pen.line({ x: lineXs[0]! - 4, y }, { x: lineXs[3]! + 4, y }, gridLine);
    pen.label(String(i + 1), lineXs[0]! - 16, y - 3, number);
  });
  // The area "head" spans the first row; the other cells are plain items.
  pen.roundedRect(cols[0]!, rows[0]!, 3 * cellW + 2 * gap, cellH, 4, { fill: C.primary });
  pen.centred('grid-area: head', cols[0]! + (3 * cellW + 2 * gap) / 2, rows[0]! + cellH / 2 - 3, {
    size: 9,
    color: C.white,
    font: 'code',
  });
  cols.forEach((x, i) => {
    pen.roundedRect(x, rows[1]!, cellW, cellH, 4, {
      fill: i === 1 ? C.accentSoft : C.white,
      stroke: i === 1 ? C.accent : C.primaryPale,
    });
  });
  pen.centred('a cell', cols[1]! + cellW / 2, rows[1]! + cellH / 2 - 3, number);
  // Legend on the right.
  const lx = lineXs[3]! + 24;
  const legend: Array<[string, string]> = [
    ['Track', 'a column or a row: three column tracks and two row tracks here'],
    ['Line', 'the numbered edges between tracks, from 1; -1 is the last'],
    ['Cell', 'where one row track crosses one column track'],
    ['Area', 'a named rectangle of cells, like head'],
    ['Gap', 'the gutter between tracks (gap: 10px here)'],
  ];
  let y = box.y + box.height - 14;
  for (const [term, meaning] of legend) {
    y -=
      pen.text(`**${term}**  ${meaning}`, lx, y, box.x + box.width - lx - 12, {
        size: 8.4,
        color: C.muted,
        lineHeight: 10.6,
      }) + 7;
  }
}
