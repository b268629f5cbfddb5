/**
 * When each legal text last changed. `digest` is the SHA-256 of the page's text as rendered with the default
 * site configuration (legal-versions.test.ts): change a word of the text and that test fails until `updated` is
 * set to the day of the change and `digest` to the value it prints. The page shows `updated`, never today.
 */
export const PRIVACY_POLICY_VERSION = {
  updated: '2026-12-05',
  digest: '8b9b1e9583e243a91d1a31f12ce9df00f83de80dd4236304efd6e4962812812b',
} as const;
