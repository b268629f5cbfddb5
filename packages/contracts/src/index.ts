export * from './api';
export * from './identity';
export * from './health';
export * from './auth';
export * from './catalog';
export * from './progress';
export * from './billing';
export * from './admin';
