export * from './catalog-client';
export * from './lesson-access';
export * from './media-streams';
