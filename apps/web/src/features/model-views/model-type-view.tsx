import { EvsView } from './evs/evs-view.tsx';
import { McaView } from './mca/mca-view.tsx';
import { RvsView } from './rvs/rvs-view.tsx';
import type { ModelTypeViewProps } from './shared/view-props.ts';
import { TransformerView } from './transformer/transformer-view.tsx';
import { VcaView } from './vca/vca-view.tsx';

/** The body of a model page by type (spec 02 §1): 1 transformer, 2 MCA, 3 VCA, 4 EVS, 5 RVS. */
export function ModelTypeView(props: ModelTypeViewProps) {
  switch (props.model.equipmentModelTypeId) {
    case 1:
      return <TransformerView {...props} />;
    case 2:
      return <McaView {...props} />;
    case 3:
      return <VcaView {...props} />;
    case 4:
      return <EvsView {...props} />;
    default:
      return <RvsView {...props} />;
  }
}
