import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';

/**
 * Scrolls a chart-kit box onto the screen and waits for its canvas, as a person keeps the chart in view: the kit
 * creates a chart only once its box is on screen (echarts-canvas.tsx), and sections above that are drawn meanwhile
 * (a trend list filling in) can push it off again, so it is scrolled to once more until it is drawn.
 */
export async function scrollToChart(chart: Locator, timeout = 60_000): Promise<void> {
  const canvas = chart.locator('canvas').first();
  const deadline = Date.now() + timeout;
  for (;;) {
    await chart.scrollIntoViewIfNeeded();
    try {
      await canvas.waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * What a chart-kit box holds: the points of its ECharts option per series and the painted samples of its canvas
 * (every 7th pixel neither transparent nor white). The kit exposes the instance as `box.echarts`.
 */
export async function chartContents(chart: Locator) {
  await scrollToChart(chart);
  await chart
    .page()
    .waitForFunction(
      (element) =>
        Boolean(
          (
            element as unknown as { echarts?: { getOption: () => { series?: unknown[] } } }
          ).echarts?.getOption().series?.length,
        ),
      await chart.elementHandle(),
    );
  // One frame for the canvas to be painted after the option is set.
  await chart.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  return chart.evaluate((element) => {
    type Series = { name?: string; type?: string; data?: unknown[] };
    const option = (
      element as unknown as { echarts: { getOption: () => { series: Series[] } } }
    ).echarts.getOption();
    const canvas = element.querySelector('canvas') as HTMLCanvasElement;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    let painted = 0;
    for (let i = 0; i < pixels.length; i += 28) {
      const [r, g, b, a] = [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0, pixels[i + 3] ?? 0];
      if (a > 0 && (r < 240 || g < 240 || b < 240)) painted += 1;
    }
    return {
      series: option.series.map((one) => ({
        name: one.name ?? '',
        type: one.type ?? '',
        data: one.data ?? [],
      })),
      painted,
    };
  });
}

/** Asserts a chart's option has data and its canvas is not blank; answers its series. */
export async function assertChartDrawn(chart: Locator, what: string) {
  const { series, painted } = await chartContents(chart);
  const points = series.reduce((sum, one) => sum + one.data.length, 0);
  assert.ok(points > 0, `${what}: the chart option has no data`);
  assert.ok(painted > 200, `${what}: the canvas is blank (${painted} painted samples)`);
  return series;
}
