// ESLint 9 flat config: typescript-eslint's recommended rules everywhere, React's hooks rules and the
// accessibility rules of jsx-a11y (the jsx-a11y-x fork: the same rules without
// eighty polyfill packages) in the browser code. Formatting is Prettier's (`npm run format`), not lint's.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const browserCode = ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'packages/web-kit/**/*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'releases/**',
      'test-results/**',
      'bench/results/**',
      // What builds and runs leave beside the sources (git ignores them too).
      '**/.first-paint/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'packages/web-kit/src/api/routes.generated.ts',
      // Third-party code kept as published (minified).
      'gateway/vendor/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'no-empty': ['error', { allowEmptyCatch: false }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: browserCode,
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y-x': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
    },
  },
  {
    // The API's test double stays out of what ships.
    files: browserCode,
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@catalyst/web-kit/testing', message: 'Tests only: the fake API never ships.' }] },
      ],
    },
  },
);
