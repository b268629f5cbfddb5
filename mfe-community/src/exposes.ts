// What the community remote exposes (its name in the manifest -> its source file), written once: rspack.config.ts
// builds these, and a release is checked against what the shell and other remotes import of them
// (scripts/release/contract-checks.ts). Plain data: read by the build and the release check in Node.
export const exposes = {
  './Discussion': './src/discussion/Discussion.tsx',
  './LiveBoard': './src/live/LiveBoard.tsx',
  './NotificationsPage': './src/notifications/NotificationsPage.tsx',
  './NotificationSettingsPage': './src/notifications/NotificationSettingsPage.tsx',
  './PushPrompt': './src/notifications/PushPrompt.tsx',
} as const;
