export * from './Alert';
export * from './Badge';
export * from './Button';
export * from './Card';
export * from './Dialog';
export * from './ErrorScreen';
export * from './Spinner';
export * from './TextField';
