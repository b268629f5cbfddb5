export * from './define';
export * from './progress';
