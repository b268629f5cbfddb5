// Machine learning: the evaluation metrics reference, with a confusion matrix and an overfitting chart.
import type { RGB } from 'pdf-lib';
import { C } from '../kit/brand';
import type { Box, Pen } from '../kit/pen';
import type { ResourceDesign } from '../kit/sheet';

export const mlMetricsReference: ResourceDesign = {
  file: '/media/resources/ml-metrics-reference.pdf',
  kind: 'Reference',
  title: 'Evaluation metrics reference',
  draw(col, sheet) {
    col.intro(
      'Worked through one example: a spam filter judged **100 emails**, 45 of which really were spam. Every metric below is a different question asked of the same four numbers.',
    );
    col.space(4).figure(200, confusionMatrix);
    col.space(4).heading('Classification metrics');
    col.table(
      ['Metric', 'Formula', 'The question it answers', 'Example'],
      [
        ['**Accuracy**', '(TP + TN) / all', 'How often is the model right overall?', '85 / 100 = 0.85'],
        ['**Precision**', 'TP / (TP + FP)', 'When it says spam, how often is it spam?', '40 / 50 = 0.80'],
        [
          '**Recall** (sensitivity)',
          'TP / (TP + FN)',
          'Of the real spam, how much did it catch?',
          '40 / 45 = 0.89',
        ],
        [
          '**Specificity**',
          'TN / (TN + FP)',
          'Of the real mail, how much did it leave alone?',
          '45 / 55 = 0.82',
        ],
        [
          '**F1 score**',
          '2 × P × R / (P + R)',
          'One number that is high only when both precision and recall are.',
          '0.84',
        ],
      ],
      [1.25, 1.25, 2.4, 1.1],
    );

    const next = sheet.page();
    next.heading('Choosing the metric');
    const [costs, imbalance] = next.split(2, 14);
    costs!.callout(
      'False alarms are expensive: precision',
      'A spam filter that hides a real invoice costs more than one that lets an advert through. Raise the threshold and watch precision.',
      { size: 9 },
    );
    costs!.callout(
      'Misses are expensive: recall',
      'Screening for a disease or for fraud: a missed case is worse than a second look at a healthy one. Lower the threshold and watch recall.',
      { size: 9 },
    );
    imbalance!.callout(
      'Imbalanced classes: never accuracy alone',
      'If 99% of card payments are genuine, a model that always answers “genuine” is 99% accurate and catches no fraud at all. Report precision and recall (or F1), and the confusion matrix.',
      { tone: 'danger', size: 9 },
    );
    imbalance!.callout(
      'Balanced classes, equal costs: accuracy is fine',
      'Then compare it with the baseline: always predicting the most common class.',
      { tone: 'success', size: 9 },
    );
    next.below([costs!, imbalance!], 4);
    next.heading('Regression metrics');
    next.table(
      ['Metric', 'What it is', 'Read it as'],
      [
        [
          '**MAE**',
          'Mean of |actual – predicted|',
          'The typical error, in the target’s own unit. Robust to a few outliers.',
        ],
        [
          '**RMSE**',
          'Square root of the mean squared error',
          'Like MAE, but large errors weigh more. Use it when big misses hurt most.',
        ],
        [
          '**R²**',
          '1 – (squared error / variance of the target)',
          'The share of the variation the model explains: 1 is perfect, 0 is no better than the mean.',
        ],
      ],
      [0.8, 2, 3],
    );
    next.heading('Overfitting at a glance');
    const [chart, cures] = next.split(2, 18);
    chart!.figure(160, overfittingChart);
    cures!.paragraph(
      '**Signs**: the training score is far better than the validation score, and the gap grows as the model gets more complex.',
      { size: 9.2 },
    );
    cures!.paragraph('**Cures**', { size: 9.2 });
    cures!.list(
      [
        '**Cross-validation**: five folds, each held out once, so one lucky split cannot fool you.',
        '**A simpler model**: fewer features, shallower trees, fewer parameters.',
        '**Regularisation**: penalise large weights (L1, L2) or prune the tree.',
        '**More data**: the most reliable cure when you can get it.',
      ],
      { size: 9 },
    );
    next.below([chart!, cures!]);
  },
};

/** The confusion matrix of the spam example, with the cells' names and counts. */
function confusionMatrix(pen: Pen, box: Box) {
  const cell = 84;
  const mx = box.x + 110;
  const my = box.y + 14;
  const cells: Array<{
    col: number;
    row: number;
    code: string;
    name: string;
    count: number;
    fill: RGB;
    ink: RGB;
  }> = [
    { col: 0, row: 1, code: 'TP', name: 'spam, caught', count: 40, fill: C.successSoft, ink: C.success },
    { col: 1, row: 1, code: 'FN', name: 'spam, missed', count: 5, fill: C.dangerSoft, ink: C.danger },
    { col: 0, row: 0, code: 'FP', name: 'mail, flagged', count: 10, fill: C.dangerSoft, ink: C.danger },
    { col: 1, row: 0, code: 'TN', name: 'mail, let through', count: 45, fill: C.successSoft, ink: C.success },
  ];
  for (const c of cells) {
    const x = mx + c.col * (cell + 4);
    const y = my + c.row * (cell + 4);
    pen.roundedRect(x, y, cell, cell, 6, { fill: c.fill });
    pen.centred(String(c.count), x + cell / 2, y + cell / 2 + 2, { size: 24, color: c.ink });
    pen.centred(c.code, x + cell / 2, y + 16, { size: 9, color: c.ink });
    pen.centred(c.name, x + cell / 2, y + 6, { size: 7.5, color: C.muted, font: 'regular' });
  }
  const top = my + 2 * cell + 4;
  const axis = { size: 9, color: C.header };
  pen.centred('Predicted spam', mx + cell / 2, top + 8, axis);
  pen.centred('Predicted mail', mx + cell * 1.5 + 4, top + 8, axis);
  pen.label('Actually spam', box.x + 30, my + cell * 1.5 + 1, axis);
  pen.label('Actually mail', box.x + 30, my + cell / 2 - 3, axis);
  // How to read it, beside the matrix.
  const rx = mx + 2 * cell + 30;
  const rw = box.x + box.width - rx;
  let y = box.y + box.height - 8;
  pen.label('How to read it', rx, y - 10, { size: 11, color: C.primary });
  y -= 20;
  const notes = [
    'Rows are the truth, columns are the model’s answer.',
    'The **diagonal** (green) is what it got right: 40 + 45 = 85 of 100.',
    '**False positives** (10) are real mail sent to the spam folder.',
    '**False negatives** (5) are spam that reached the inbox.',
    'Every metric in the table below is a ratio of these four numbers.',
  ];
  for (const note of notes) {
    pen.dot(rx + 3, y - 6, 1.9, C.accent);
    y -= pen.text(note, rx + 11, y, rw - 11, { size: 9.2 }) + 4;
  }
}

/** Training and validation error against model complexity, the sweet spot marked. */
function overfittingChart(pen: Pen, box: Box) {
  const ox = box.x + 22;
  const oy = box.y + 30;
  const w = box.width - 30;
  const h = box.height - 42;
  pen.arrow({ x: ox, y: oy }, { x: ox + w, y: oy }, { color: C.muted });
  pen.arrow({ x: ox, y: oy }, { x: ox, y: oy + h }, { color: C.muted });
  const axis = { size: 7.8, color: C.muted, font: 'regular' as const };
  pen.centred('model complexity', ox + w / 2, oy - 24, axis);
  pen.label('error', ox - 20, oy + h + 4, axis);
  // Curves in SVG coordinates (y down) from the chart's top-left corner.
  const toSvg = (fx: number, fy: number) => `${(fx * w).toFixed(1)} ${(h - fy * h).toFixed(1)}`;
  const training = `M ${toSvg(0.03, 0.9)} C ${toSvg(0.25, 0.35)} ${toSvg(0.5, 0.12)} ${toSvg(0.97, 0.06)}`;
  const validation = `M ${toSvg(0.03, 0.95)} C ${toSvg(0.3, 0.2)} ${toSvg(0.55, 0.25)} ${toSvg(0.97, 0.8)}`;
  const origin = { x: ox, y: oy + h };
  pen.path(training, origin, { stroke: C.primary, strokeWidth: 2 });
  pen.path(validation, origin, { stroke: C.accent, strokeWidth: 2 });
  const sweet = ox + 0.4 * w;
  pen.line(
    { x: sweet, y: oy },
    { x: sweet, y: oy + h * 0.85 },
    { thickness: 0.8, color: C.success, dash: [2, 2] },
  );
  pen.centred('sweet spot', sweet, oy + h * 0.88, { size: 7.8, color: C.success });
  pen.label('validation', ox + w * 0.6, oy + h * 0.8, { size: 8, color: C.accent });
  pen.label('training', ox + w * 0.78, oy + h * 0.16, { size: 8, color: C.primary });
  const end = { size: 7.5, color: C.muted, font: 'italic' as const };
  pen.label('underfits', ox + 2, oy - 12, end);
  pen.label('overfits', ox + w - 34, oy - 12, end);
}
