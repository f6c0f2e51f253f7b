// ECharts-GL's line3D and scatter3D on a grid3D, registered into the same echarts/core as the 2D charts. Reached
// only through a dynamic import, so WebGL code is downloaded only when a 3D chart is drawn.

import { TitleComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { Line3DChart, Scatter3DChart } from 'echarts-gl/charts';
import { Grid3DComponent } from 'echarts-gl/components';

// The title: a phone's waterfall names its amplitude axis there (no room beside the axis).
use([Line3DChart, Scatter3DChart, Grid3DComponent, TitleComponent]);
