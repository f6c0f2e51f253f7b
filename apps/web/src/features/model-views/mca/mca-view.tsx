import { TrendView } from '../shared/trend-view.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';

/** MCA body: the trend of every tag with its limits, drawn with the chart kit; the MCA diagram and graphs of spec 02 §2.5–§2.7 follow. */
export function McaView(props: ModelTypeViewProps) {
  return <TrendView {...props} tab="trend" />;
}
