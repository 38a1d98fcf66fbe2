// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundaries (docs/decisions/0050-lint-and-boundaries.md), with ESLint's own no-restricted-imports:
 * - a web feature imports shared folders (components, lib, content, assets, locales) and its own files,
 *   never another feature or the app shell; shared folders import no feature;
 * - outside a server module, only its public index (modules/<name>, i.e. modules/<name>/index.ts).
 * A relative path may not climb out of its feature or module, so the rule is written per folder depth.
 */
const up = (n) => `^(\\.\\./){${n}}`;
const webFeature = (depth) => ({
  files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^@/(features|app)/',
            message: 'A feature imports only shared folders (components, lib, content): move what two features share there, or compose them in src/app.',
          },
          { regex: up(depth + 1), message: 'A relative import may not leave its feature: import shared code through @/components or @/lib.' },
        ],
      },
    ],
  },
});
const serverModule = (depth) => ({
  files: [`apps/server/src/modules/*/${'*/'.repeat(depth)}*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `${up(depth + 1)}(?!\\.\\.)[^/]+/.+`,
            message: "Another module is used only through its public index: import '../<module>' (its index.ts).",
          },
          { regex: `${up(depth + 2)}modules/[^/]+/.+`, message: "Another module is used only through its public index: import '../<module>' (its index.ts)." },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Tests, browser tests and operator scripts script fakes into pages and read loose JSON.
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Playwright fixtures without dependencies are written `async ({}, use) => ...`.
  { files: ['e2e/**'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks. The plugin's React Compiler rules come when the app adopts the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['apps/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  webFeature(0),
  webFeature(1),
  webFeature(2),
  webFeature(3),
  {
    files: ['apps/web/src/{components,lib,content}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@/(features|app)/', message: 'Shared folders import no feature.' }] }],
    },
  },
  serverModule(0),
  serverModule(1),
  serverModule(2),
  {
    files: ['apps/server/src/*.ts', 'apps/server/src/{cli,plugins,lib,db}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'modules/[^/]+/.+', message: "A module is used only through its public index: import './modules/<module>'." }] },
      ],
    },
  },
);
