import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { Sales } from '@shopdesk/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { periodLabel } from './sales-periods';

const compactRupees = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

const chartHeight = 260;

/** Bars of sales per period, drawn with uPlot (the lightest of the charting libraries). */
export default function SalesChartCanvas({ series }: { series: Sales['series'] }) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useTheme();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const text = theme.palette.text.secondary;
    const grid = theme.palette.divider;
    const labels = series.map((point) => periodLabel(point.period));
    // At most about eight labels under the bars, whatever the period.
    const step = Math.max(1, Math.ceil(series.length / 8));
    const ticks = series.map((_, index) => index).filter((index) => index % step === 0);
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: chartHeight,
        legend: { show: false },
        cursor: { y: false },
        // x is the bar's position; its label names the UTC day or month (no time-zone shift).
        // Bars start at zero, so their heights compare honestly.
        scales: {
          x: { time: false, range: [-0.5, series.length - 0.5] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            stroke: text,
            grid: { stroke: grid },
            ticks: { stroke: grid },
            splits: () => ticks,
            values: (_, splits) => splits.map((split) => labels[split] ?? ''),
          },
          {
            stroke: text,
            grid: { stroke: grid },
            ticks: { stroke: grid },
            size: 64,
            // Rupees in lakh and crore (e.g. 70L, 1.2Cr): short enough never to be clipped.
            values: (_, splits) => splits.map((split) => compactRupees.format(split)),
          },
        ],
        series: [
          {},
          {
            label: 'Sales (Rs)',
            stroke: theme.palette.primary.main,
            fill: theme.palette.primary.main,
            paths: bars,
            points: { show: false },
          },
        ],
      },
      [series.map((_, index) => index), series.map((point) => point.sales)],
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: chartHeight }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [series, theme]);

  // The numbers are in the table beside it for screen readers.
  return <Box ref={container} aria-hidden data-testid="sales-chart" sx={{ width: '100%', minHeight: chartHeight }} />;
}
