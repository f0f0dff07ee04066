export * from './lib/provider-services';
