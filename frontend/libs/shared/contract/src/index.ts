export type { paths, components, operations } from './generated/slotwise-api';
export * from './lib/models';
