import { TrendView } from '../shared/trend-view.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';

/** RVS body: the trend of every tag with its limits, drawn with the chart kit; the RVS layout of spec 03 §2.3 follows. */
export function RvsView(props: ModelTypeViewProps) {
  return <TrendView {...props} tab="trend" />;
}
