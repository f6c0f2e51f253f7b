import Stack from '@mui/material/Stack';
import { OverallStatus } from '../shared/overall-status.tsx';
import { TrendView } from '../shared/trend-view.tsx';
import type { ModelTypeViewProps } from '../shared/view-props.ts';

/** VCA body: the trend of every tag with its limits, drawn with the chart kit; the VCA panels of spec 02 §2.5 follow. */
export function VcaView(props: ModelTypeViewProps) {
  return (
    <Stack spacing={2}>
      <OverallStatus modelId={props.model.id} />
      <TrendView {...props} tab="trend" />
    </Stack>
  );
}
