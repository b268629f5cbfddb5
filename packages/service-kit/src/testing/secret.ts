/** The internal secret test apps are built with. */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef0123456789';
