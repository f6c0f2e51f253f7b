import type { ModelDetail } from '@sdp/contracts';
import type { ReactNode } from 'react';

/** What the page gives the body of each model type. */
export interface ModelTypeViewProps {
  model: ModelDetail;
  /** The company's zone every time on the page is shown in. */
  timeZone: string;
  /** The configuration information accordion, placed where the type's layout puts it (spec 02 §2.4). */
  configuration: ReactNode;
}
