// The only place ECharts is imported: tree-shaken parts of echarts/core, reached through a dynamic import so they
// form their own chunk and never weigh on the first download.
import { BarChart, CustomChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import { connect, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([
  LineChart,
  ScatterChart,
  // Zone polygons and grid lines of the Duval triangle.
  CustomChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomComponent,
  MarkLineComponent,
  MarkPointComponent,
  // The learned baselines' normal bands of the trends (issue 25 item 4).
  MarkAreaComponent,
  // Transformer panels A–C (gauges, bars with limit markers) and the PD scatter's count colours.
  GaugeChart,
  BarChart,
  VisualMapContinuousComponent,
  // VCA Remaining Life overview: parts by condition.
  PieChart,
  CanvasRenderer,
]);

export { connect, init };
