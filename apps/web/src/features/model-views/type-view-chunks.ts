import type { ComponentType } from 'react';
import type { ModelTypeViewProps } from './shared/view-props.ts';

type TypeView = ComponentType<ModelTypeViewProps>;

/** Each model type's body is a chunk of its own (spec 02 §1: 1 transformer, 2 MCA, 3 VCA, 4 EVS, 5 RVS). */
const chunks: Record<1 | 2 | 3 | 4 | 5, () => Promise<TypeView>> = {
  1: () => import('./transformer/transformer-view.tsx').then((module) => module.TransformerView),
  2: () => import('./mca/mca-view.tsx').then((module) => module.McaView),
  3: () => import('./vca/vca-view.tsx').then((module) => module.VcaView),
  4: () => import('./evs/evs-view.tsx').then((module) => module.EvsView),
  5: () => import('./rvs/rvs-view.tsx').then((module) => module.RvsView),
};

const loading = new Map<number, Promise<TypeView>>();

/**
 * The body of a model type, fetched once. The model page's route asks for it as soon as the model's answer names
 * the type, beside the download of the page's other chunks (issue 29: the five types' code was one chunk, and a
 * transformer page downloaded and ran the RVS, MCA, VCA and EVS views before drawing its first screen).
 */
export function loadTypeView(typeId: number): Promise<TypeView> {
  // Any other type id draws as RVS, as the type switch did before.
  const key = typeId === 1 || typeId === 2 || typeId === 3 || typeId === 4 ? typeId : 5;
  let view = loading.get(key);
  if (!view) {
    view = chunks[key]();
    // A failed download is asked for again next time rather than remembered.
    view.catch(() => loading.delete(key));
    loading.set(key, view);
  }
  return view;
}
