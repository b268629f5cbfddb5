import { useEffect, useRef } from 'react';
import type { AlignedData, Options } from 'uplot';
import styles from './Analytics.module.css';

/** Series as the charts draw them: a label, a colour and whether it is drawn as bars. */
export interface ChartSeries {
  label: string;
  color: string;
  bars?: boolean;
}

const HEIGHT = 224;

/**
 * A uPlot chart, loaded only when a chart is first shown (its script and styles are a chunk of their own), sized
 * to its container so it stays readable on a phone. It is a picture for sighted readers: its numbers are in the
 * table beside it, so the canvas is hidden from assistive technology.
 */
export function UPlotChart({
  x,
  series,
  xLabels,
  testId,
}: {
  /** The x values (epoch seconds for time, or positions 1..n with `xLabels`). */
  x: number[];
  series: (ChartSeries & { values: number[] })[];
  /** Category names for positions 1..n (lessons, months): the x axis reads them. */
  xLabels?: string[];
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
        if (cancelled) return;
        const bars = UPlot.paths.bars?.({ size: [0.6, 48] });
        const options: Options = {
          width: Math.max(element.clientWidth, 240),
          height: HEIGHT,
          scales: { x: { time: !xLabels } },
          legend: { show: true },
          axes: [
            xLabels ? { values: (_u, ticks) => ticks.map((tick) => xLabels[tick - 1] ?? ''), gap: 4 } : {},
            { size: 48 },
          ],
          series: [
            {},
            ...series.map((s) => ({
              label: s.label,
              stroke: s.color,
              fill: s.bars ? s.color : undefined,
              width: s.bars ? 0 : 2,
              paths: s.bars ? bars : undefined,
              points: { show: false },
            })),
          ],
        };
        const data: AlignedData = [x, ...series.map((s) => s.values)];
        plot = new UPlot(options, data, element);
        observer = new ResizeObserver(() =>
          plot?.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }),
        );
        observer.observe(element);
      } catch {
        // No canvas (a test's DOM, an old browser): the table beside the chart still holds every number.
      }
    })();
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [x, series, xLabels]);
  return <div ref={box} className={styles.plot} aria-hidden="true" data-testid={testId} />;
}
