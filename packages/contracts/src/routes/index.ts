export * from './define';
export * from './progress';
export * from './billing';
export * from './platform';
