export * from './courses';
export * from './course-outlines';
export * from './media';
export * from './webinars';
