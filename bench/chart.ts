/**
 * A dependency-free SVG chart of one bench run: horizontal bars per panel, each bar labelled with its
 * value, an optional target drawn as a dashed line.
 */
interface Bar {
  label: string;
  value: number;
  /** Shown after the value, e.g. "p99 12 ms". */
  note?: string;
  target?: number;
  /** Reference bars (the ceiling, direct) are drawn grey. */
  reference?: boolean;
  pass?: boolean;
}

export interface Panel {
  title: string;
  unit: string;
  bars: Bar[];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderChart(title: string, panels: Panel[]): string {
  const width = 900;
  const labelWidth = 300;
  const barArea = width - labelWidth - 170;
  const barHeight = 18;
  const gap = 8;
  let y = 44;
  const parts: string[] = [`<text x="16" y="26" font-size="17" font-weight="600">${escape(title)}</text>`];
  for (const panel of panels) {
    y += 16;
    parts.push(
      `<text x="16" y="${y}" font-size="14" font-weight="600">${escape(panel.title)} (${escape(panel.unit)})</text>`,
    );
    y += 10;
    const max = Math.max(1, ...panel.bars.map((b) => Math.max(b.value, b.target ?? 0)));
    for (const bar of panel.bars) {
      const w = Math.max(1, (bar.value / max) * barArea);
      const colour = bar.reference ? '#9ca3af' : bar.pass === false ? '#dc2626' : '#2563eb';
      parts.push(
        `<text x="${labelWidth - 8}" y="${y + 13}" font-size="12" text-anchor="end">${escape(bar.label)}</text>`,
      );
      parts.push(
        `<rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight}" fill="${colour}" rx="2"/>`,
      );
      parts.push(
        `<text x="${labelWidth + w + 6}" y="${y + 13}" font-size="12">${escape(`${bar.value}${bar.note ? ` · ${bar.note}` : ''}`)}</text>`,
      );
      if (bar.target !== undefined) {
        const tx = labelWidth + (bar.target / max) * barArea;
        parts.push(
          `<line x1="${tx.toFixed(1)}" x2="${tx.toFixed(1)}" y1="${y - 2}" y2="${y + barHeight + 2}" stroke="#111827" stroke-dasharray="3 2" stroke-width="1.5"/>`,
        );
      }
      y += barHeight + gap;
    }
    y += 6;
  }
  parts.push(
    `<text x="16" y="${y + 14}" font-size="11" fill="#4b5563">grey: reference measured in the same run · red: misses its target · dashed line: target</text>`,
  );
  const height = y + 28;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>\n`;
}
