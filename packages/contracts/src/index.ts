export * from './auth.ts';
export * from './common.ts';
export * from './companies.ts';
export * from './ingest.ts';
export * from './members.ts';
export * from './models.ts';
export * from './structure.ts';
export * from './transformer.ts';
