export * from './strings';
export * from './language';
export * from './messages';
export * from './recipients';
