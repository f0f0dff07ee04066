export * from './lib/provider-services';
export * from './lib/schedule';
