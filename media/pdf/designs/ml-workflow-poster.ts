// Machine learning: the workflow poster, six stages on a timeline.
import { degrees } from 'pdf-lib';
import { C } from '../kit/brand';
import type { Box, Pen } from '../kit/pen';
import type { ResourceDesign } from '../kit/sheet';

export const mlWorkflowPoster: ResourceDesign = {
  file: '/media/resources/ml-workflow-poster.pdf',
  kind: 'Poster',
  title: 'The machine-learning workflow',
  draw(col) {
    col.intro(
      'Every project runs the same loop. Pin it above your desk and check which step you are really in before you reach for a bigger model.',
    );
    col.space(6);
    const stages: Array<{ name: string; question: string; tips: string[] }> = [
      {
        name: 'Frame the question',
        question: 'What decision will the model help someone make?',
        tips: ['Name the target column and the metric.', 'Know the baseline you have to beat.'],
      },
      {
        name: 'Gather the data',
        question: 'Where do examples with known answers come from?',
        tips: [
          'The data must look like the future you predict.',
          'Record where and when each source came from.',
        ],
      },
      {
        name: 'Clean and explore',
        question: 'What is really in there?',
        tips: ['Plot every column before modelling.', 'Hunt for leakage: columns that contain the answer.'],
      },
      {
        name: 'Split the data',
        question: 'Lock the test set away before you look at it.',
        tips: [
          'Train / validation / test, e.g. 60 / 20 / 20.',
          'Split by time for forecasts; split before scaling.',
        ],
      },
      {
        name: 'Fit a model',
        question: 'What is the simplest model that could work?',
        tips: ['Tune on the validation set only.', 'Log every run: data, features, settings, score.'],
      },
      {
        name: 'Evaluate on unseen data',
        question: 'Does it beat the baseline on data it has never seen?',
        tips: ['Score the test set once, at the very end.', 'Read the mistakes, not only the score.'],
      },
    ];
    col.figure(468, (pen, box) => workflowTimeline(pen, box, stages));
    col.space(10);
    col.callout(
      'The golden rule',
      'Never measure a model on the data it learned from. A perfect training score is a warning, not a result: it usually means the model memorised instead of learned.',
      { tone: 'accent', size: 10 },
    );
  },
};

/** Six numbered stages joined by a line, and the loop back from the last to the first. */
function workflowTimeline(
  pen: Pen,
  box: Box,
  stages: Array<{ name: string; question: string; tips: string[] }>,
) {
  const step = box.height / stages.length;
  const cx = box.x + 40;
  const firstY = box.y + box.height - step / 2;
  const lastY = box.y + step / 2;
  pen.line({ x: cx, y: firstY }, { x: cx, y: lastY }, { thickness: 3, color: C.primaryPale });
  // The loop: from the last stage back to the first, on the far left.
  const lx = box.x + 6;
  const loop = { thickness: 1.4, color: C.accent, dash: [3, 3] };
  pen.line({ x: cx - 20, y: lastY }, { x: lx, y: lastY }, loop);
  pen.line({ x: lx, y: lastY }, { x: lx, y: firstY }, loop);
  pen.arrow({ x: lx, y: firstY }, { x: cx - 20, y: firstY }, { color: C.accent, dashed: true });
  pen.label('iterate', lx - 4, (firstY + lastY) / 2, { size: 8.5, color: C.accent, rotate: degrees(90) });
  stages.forEach((stage, i) => {
    const cy = firstY - i * step;
    pen.dot(cx, cy, 17, i === stages.length - 1 ? C.accent : C.primary);
    pen.centred(String(i + 1), cx, cy - 6, { size: 16, color: C.white });
    const cardX = cx + 32;
    const cardW = box.x + box.width - cardX;
    const cardTop = cy + step / 2 - 5;
    const cardH = step - 10;
    pen.roundedRect(cardX, cardTop - cardH, cardW, cardH, 6, {
      fill: i % 2 === 0 ? C.primarySoft : C.white,
      stroke: C.primaryPale,
    });
    pen.label(stage.name, cardX + 14, cardTop - 20, { size: 14, color: C.header });
    pen.text(`_${stage.question}_`, cardX + 14, cardTop - 25, cardW - 28, {
      size: 10,
      color: C.muted,
    });
    const tipWidth = (cardW - 28 - 12) / 2;
    stage.tips.forEach((tip, t) => {
      const tx = cardX + 14 + t * (tipWidth + 12);
      pen.rect(tx, cardTop - 64, 2, 22, C.accentBright);
      pen.text(tip, tx + 8, cardTop - 42, tipWidth - 8, { size: 8.8, lineHeight: 11 });
    });
  });
}
