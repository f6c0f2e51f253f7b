// echarts-gl ships no type declarations; these are the installers the kit registers with echarts/core.
declare module 'echarts-gl/charts' {
  type Installer = Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
  export const Line3DChart: Installer;
  export const Scatter3DChart: Installer;
}
declare module 'echarts-gl/components' {
  type Installer = Exclude<Parameters<typeof import('echarts/core').use>[0], unknown[]>;
  export const Grid3DComponent: Installer;
}
