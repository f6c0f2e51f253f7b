/** The generator of each plant model, chosen by model type. */
import { MODEL_TYPE } from '../master-data.ts';
import type { PlantModel } from '../plant.ts';
import { driveSimulator } from './drive.ts';
import { edgeVibrationSimulator } from './edge-vibration.ts';
import type { ModelSimulator } from './model-simulator.ts';
import { motorCurrentSimulator } from './motor-current.ts';
import { rawVibrationSimulator } from './raw-vibration.ts';
import type { SimulationContext } from './timeline.ts';
import { transformerSimulator } from './transformer.ts';

const byType = {
  [MODEL_TYPE.transformer]: transformerSimulator,
  [MODEL_TYPE.mca]: motorCurrentSimulator,
  [MODEL_TYPE.vca]: driveSimulator,
  [MODEL_TYPE.evs]: edgeVibrationSimulator,
  [MODEL_TYPE.rvs]: rawVibrationSimulator,
};

/** The generator of `model` in `context` (seed, timeline origin, local offset). */
export function modelSimulator(model: PlantModel, context: SimulationContext): ModelSimulator {
  return byType[model.typeId](model, context);
}
