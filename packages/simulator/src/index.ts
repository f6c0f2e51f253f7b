/** @sdp/simulator: the deterministic demo plant, its signal generators and the client that feeds the ingest API. */
export * from './generators/drive.ts';
export * from './generators/edge-vibration.ts';
export * from './generators/model-simulator.ts';
export * from './generators/motor-current.ts';
export * from './generators/raw-vibration.ts';
export * from './generators/simulators.ts';
export * from './generators/timeline.ts';
export * from './generators/transformer.ts';
export * from './master-data.ts';
export * from './plant.ts';
export * from './png.ts';
export * from './random.ts';
export * from './stream.ts';
export * from './tags.ts';
