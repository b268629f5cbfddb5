// CSS Grid layouts: the exercise brief, a magazine front page with its wireframes.
import { C } from '../kit/brand';
import type { Box, Pen } from '../kit/pen';
import type { ResourceDesign } from '../kit/sheet';

export const cssGridExerciseBrief: ResourceDesign = {
  file: '/media/resources/css-grid-exercise-brief.pdf',
  kind: 'Exercise brief',
  title: 'Exercise: a magazine front page',
  draw(col, sheet) {
    col.heading('The brief');
    col.paragraph(
      'Build the front page of **The Daily Grid**, a weekly magazine: a masthead, a lead story across two columns with its photo beside it, three secondary stories, a sidebar of short news items and a footer. Use **named areas** so your CSS reads like a picture of the page. Allow about an hour.',
    );
    col.space(4).figure(190, magazineWireframes);
    col
      .space(6)
      .paragraph(
        'Same areas, new picture: between the two layouts only `grid-template-areas` and the columns change. The lead is the one dark block, because it is where the eye should land first.',
        { size: 9, color: C.muted },
      );
    col.space(6).heading('Requirements');
    col.list(
      [
        'One grid container, `.front-page`, lays out the whole page. No floats, no absolute positioning, no flexbox for the skeleton.',
        'Every region is placed by name with `grid-area`; the names in your CSS match the wireframe.',
        'From 64em wide: three story columns plus a sidebar, as in the desktop wireframe. The lead story spans two columns.',
        'Below 40em: one column in reading order (masthead, lead, photo, stories, news, footer).',
        'The story row uses `repeat(auto-fit, minmax(…))`, so it reflows on its own between the two layouts.',
        'Images never overflow their cells: `img { display: block; max-width: 100%; }`.',
      ],
      { numbered: true },
    );

    const next = sheet.page();
    const [html, css] = next.split(2, 14);
    html!.heading('Starter HTML');
    html!.code(
      `
<main class="front-page">
  <header class="masthead">
    <h1>The Daily Grid</h1>
  </header>
  <article class="lead">…</article>
  <figure class="photo">…</figure>
  <section class="stories">
    <article>…</article>
    <article>…</article>
    <article>…</article>
  </section>
  <aside class="news">…</aside>
  <footer class="colophon">…</footer>
</main>`,
      { size: 8 },
    );
    css!.heading('Starter CSS');
    css!.code(
      `
.front-page {
  display: grid;
  gap: 1.5rem;
  /* TODO: grid-template-areas */
}
.masthead { grid-area: masthead; }
.lead     { grid-area: lead; }
.photo    { grid-area: photo; }
.stories  { grid-area: stories; }
.news     { grid-area: news; }
.colophon { grid-area: footer; }

@media (min-width: 64em) {
  .front-page {
    /* TODO: columns and areas */
  }
}`,
      { size: 8 },
    );
    next.below([html!, css!], 6);
    const [steps, done] = next.split(2, 20);
    steps!.heading('Steps');
    steps!.list(
      [
        'Sketch the areas on paper first and name each one.',
        'Write the one-column `grid-template-areas` (the small-screen layout is the default).',
        'Add the desktop areas and columns inside the 64em media query.',
        'Give `.stories` its own grid with `auto-fit` and `minmax()`.',
        'Check the result with the grid overlay, then resize from 320px to 1440px.',
      ],
      { numbered: true, size: 9.5 },
    );
    done!.heading('Done when');
    done!.checklist(
      [
        { text: 'The CSS names every area', hint: 'No line numbers for the page skeleton.' },
        { text: 'The lead spans two columns', hint: 'And the news sidebar runs beside it.' },
        { text: 'Nothing scrolls sideways at 320px', hint: 'Images and long headlines included.' },
        {
          text: 'Source order equals reading order',
          hint: 'Screen readers follow the HTML, not the grid.',
        },
      ],
      { size: 9.5 },
    );
    next.below([steps!, done!], 4);
    next.callout(
      'Stretch goals',
      'Align the headlines of the three stories with `grid-template-rows: subgrid`. Add a tablet layout between 40em and 64em with two columns. Add a photo strip that uses `grid-auto-flow: dense` to fill its gaps.',
      { tone: 'accent' },
    );
  },
};

/** The desktop and phone wireframes of the front page, areas named. */
function magazineWireframes(pen: Pen, box: Box) {
  const area = (x: number, y: number, w: number, h: number, name: string, strong = false) => {
    pen.roundedRect(x, y, w, h, 3, {
      fill: strong ? C.primary : C.primarySoft,
      stroke: strong ? undefined : C.primaryPale,
    });
    pen.centred(name, x + w / 2, y + h / 2 - 3, {
      size: 8.5,
      color: strong ? C.white : C.primary,
      font: 'code',
    });
  };
  const label = (text: string, x: number) =>
    pen.label(text, x, box.y + box.height - 10, { size: 8.5, color: C.muted });
  // Desktop: four columns (three for stories, one for news); rows: masthead, lead, stories, footer.
  const dw = 370;
  const dx = box.x;
  label('Desktop, from 64em', dx);
  const g = 5;
  const colW = (dw - 3 * g) / 4;
  const rowH = [24, 62, 46, 20];
  let y = box.y + box.height - 20;
  area(dx, y - rowH[0]!, dw, rowH[0]!, 'masthead');
  y -= rowH[0]! + g;
  area(dx, y - rowH[1]!, 2 * colW + g, rowH[1]!, 'lead', true);
  area(dx + 2 * (colW + g), y - rowH[1]!, colW, rowH[1]!, 'photo');
  area(dx + 3 * (colW + g), y - rowH[1]! - g - rowH[2]!, colW, rowH[1]! + g + rowH[2]!, 'news');
  y -= rowH[1]! + g;
  for (let i = 0; i < 3; i++) area(dx + i * (colW + g), y - rowH[2]!, colW, rowH[2]!, `story ${i + 1}`);
  y -= rowH[2]! + g;
  area(dx, y - rowH[3]!, dw, rowH[3]!, 'footer');
  // Phone: one column, in reading order.
  const px = box.x + box.width - 98;
  const pw = 92;
  label('Phone, below 40em', px - 6);
  pen.roundedRect(px - 6, box.y, pw + 12, box.height - 16, 10, { stroke: C.faint, strokeWidth: 1.2 });
  const order: Array<[string, number, boolean]> = [
    ['masthead', 14, false],
    ['lead', 28, true],
    ['photo', 14, false],
    ['story 1', 14, false],
    ['story 2', 14, false],
    ['story 3', 14, false],
    ['news', 18, false],
    ['footer', 12, false],
  ];
  let py = box.y + box.height - 26;
  for (const [name, h, strong] of order) {
    area(px, py - h, pw, h, name, strong);
    py -= h + 4;
  }
}
