import Stack from '@mui/material/Stack';
import { OverallStatus } from '../shared/overall-status.tsx';
import { TrendView } from '../shared/trend-view.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';

/** MCA body: the trend of every tag with its limits, drawn with the chart kit; the MCA diagram and graphs of spec 02 §2.5–§2.7 follow. */
export function McaView(props: ModelTypeViewProps) {
  return (
    <Stack spacing={2}>
      <OverallStatus modelId={props.model.id} />
      <TrendView {...props} tab="trend" />
    </Stack>
  );
}
