// What scripts/api-paths.test.ts must find (and not): each line is one case.
export const prefixed = '/api/v1/anything';
export const declared = '/media/uploads';
export const filled = (id: string) => `/community/threads/${id}/events`;
export const absolute = (base: string, path: string) => `${base}/api/v1${path}`;
export const withQuery = '/community/unsubscribe?token=x';
export const page = '/courses/intro';
export const undeclared = '/media/nowhere';
// '/api/v1/in-a-comment' is no address
