import { ms, type Row } from './report';
import type { LighthouseScores, MobileScores } from './web';

export function webRows(scores: LighthouseScores[], mobile: MobileScores[], clicks: number[]): Row[] {
  const rows: Row[] = scores.map((s) => ({
    scenario: `Lighthouse ${s.path} (desktop)`,
    figure: `performance ${s.performance}, accessibility ${s.accessibility} (LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms)`,
    budget: 'both ≥ 95',
    pass: s.performance >= 95 && s.accessibility >= 95,
    data: { ...s },
  }));
  rows.push(
    ...mobile.map((s) => ({
      scenario: `Lighthouse ${s.path} (mobile, cold cache)`,
      figure: `performance ${s.performance}, accessibility ${s.accessibility} (LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms, ${s.totalKb} KB transferred)`,
      budget: 'performance ≥ 90',
      pass: s.performance >= 90,
      data: { ...s },
    })),
  );
  const sorted = [...clicks].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const worst = sorted[sorted.length - 1] ?? Number.NaN;
  rows.push({
    scenario: `pagination click to new rows painted (${clicks.length} clicks)`,
    figure: `median ${ms(median)}, worst ${ms(worst)}`,
    budget: 'worst ≤ 100 ms',
    pass: worst <= 100,
    data: { clicks },
  });
  return rows;
}
