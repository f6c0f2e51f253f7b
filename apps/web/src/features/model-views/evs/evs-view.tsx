import { TrendView } from '../shared/trend-view.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';

/** EVS body: the trend of every tag with its limits, drawn with the chart kit; the EVS panels of spec 02 §2.5 follow. */
export function EvsView(props: ModelTypeViewProps) {
  return <TrendView {...props} tab="trend" />;
}
