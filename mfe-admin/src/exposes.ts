// What the admin remote exposes (its name in the manifest -> its source file), written once: rspack.config.ts
// builds these, and a release is checked against what the shell and other remotes import of them
// (scripts/release/contract-checks.ts). Plain data: read by the build and the release check in Node.
export const exposes = {
  './AdminRoutes': './src/routes.tsx',
  './StudioRoutes': './src/studio/StudioRoutes.tsx',
} as const;
