// What the remotes' tests share (`@catalyst/web-kit/testing`); never imported by product code.
export * from './fakeApi';
