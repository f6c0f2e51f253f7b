import type { Plugin } from 'vite';

/** The chart kit's lazily loaded entry (ECharts and its renderer), as the bundle names its source. */
const CHART_ENTRY = '/src/components/charts/echarts-setup.ts';

/**
 * Names the chart code's files in index.html (`<meta name="sdp-chart-code">`), so the page can have the browser
 * download them (not run them) while a chart is still below the screen, and run them only once the chart is
 * scrolled to (issue 29: ECharts took a phone's main thread for a chart nobody had looked at yet). Vite names the
 * files only once the bundle is written, hence the hint is added here.
 */
export function chartCodeHint(): Plugin {
  return {
    name: 'sdp-chart-code-hint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const entry = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(CHART_ENTRY));
        if (!entry) return html;
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // The files the page's own entry already loads are not named again.
        const loaded = new Set<string>();
        const walk = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const imported of byName.get(name)?.imports ?? []) walk(imported, into);
        };
        for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, loaded);
        const wanted = new Set<string>();
        walk(entry.fileName, wanted);
        const files = [...wanted].filter((name) => !loaded.has(name)).map((name) => `/${name}`);
        return {
          html,
          tags: [
            { tag: 'meta', attrs: { name: 'sdp-chart-code', content: files.join(' ') }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}
