// One storage module for every process that keeps files: local disk by default, any S3-compatible bucket
// with MEDIA_S3_*. Its own subpath (@catalyst/service-kit/storage): only what imports it loads the AWS SDK.
export * from './object-store';
export * from './config';
export { createDiskObjectStore, type DiskStoreOptions } from './disk';
export { createS3ObjectStore, s3ClientConfigOf, type S3Settings, type S3StoreOptions } from './s3';
