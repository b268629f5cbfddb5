export * from './define';
export * from './progress';
export * from './billing';
export * from './platform';
export * from './api-docs';
export * from './all';
