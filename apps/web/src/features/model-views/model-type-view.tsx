import { type ComponentType, lazy } from 'react';
import type { ModelTypeViewProps } from './shared/view-props.ts';
import { loadTypeView } from './type-view-chunks.ts';

/** One lazy component per type, kept: a page opened again draws its type's body without waiting. */
const views = new Map<number, ComponentType<ModelTypeViewProps>>();

function viewOf(typeId: number): ComponentType<ModelTypeViewProps> {
  let view = views.get(typeId);
  if (!view) {
    view = lazy(() => loadTypeView(typeId).then((loaded) => ({ default: loaded })));
    views.set(typeId, view);
  }
  return view;
}

/**
 * The body of a model page by type (spec 02 §1): 1 transformer, 2 MCA, 3 VCA, 4 EVS, 5 RVS, each a chunk of its own
 * (`type-view-chunks.ts`); the page's Suspense stands in while it comes.
 */
export function ModelTypeView(props: ModelTypeViewProps) {
  const View = viewOf(props.model.equipmentModelTypeId);
  return <View {...props} />;
}
