export * from './store';
export * from './useSavedProduct';
export * from './SaveButton';
