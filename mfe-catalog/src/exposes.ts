// What the catalogue remote exposes (its name in the manifest -> its source file), written once: rspack.config.ts
// builds these, and a release is checked against what the shell and other remotes import of them
// (scripts/release/contract-checks.ts). Plain data: read by the build and the release check in Node.
export const exposes = {
  './BrowseRoutes': './src/routes.tsx',
  './TopCourses': './src/top-courses/TopCourses.tsx',
  './SearchPage': './src/search/SearchPage.tsx',
  './CourseLandingPage': './src/course/CourseLandingPage.tsx',
  './RecommendationRows': './src/recommendations/RecommendationRows.tsx',
  './PathRoutes': './src/paths/PathRoutes.tsx',
  './CreatorPage': './src/creator-page/CreatorPage.tsx',
} as const;
