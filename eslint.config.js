import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';

const FEATURES = ['auth', 'driver', 'inspections', 'requester', 'staff'];

// Issue #34 item 4: every screen speaks from the catalogues (clients/src/i18n).
const TRANSLATED_ATTRIBUTES = ['label', 'aria-label', 'title', 'placeholder', 'helperText', 'alt'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'artifacts/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Type-aware: a promise nobody awaits or handles loses its error.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', '.ci/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['clients/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Import zones, for the code that ships (tests and their support assemble whatever they need):
  // a client feature imports no other feature; projections never import the engine; the engine's
  // store and database layers import no feature, and no feature imports the app that assembles them.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.fixture.ts',
      '**/test-support/**',
      '**/test/**',
      'engine/src/reliability/**',
      'clients/browser/**',
    ],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./clients/src/features/${feature}`,
              from: './clients/src/features',
              except: [`./${feature}`],
              message: 'A client feature imports no other feature: move what both need to lib/ or components/.',
            })),
            { target: './projections', from: './engine', message: 'Projections never import the engine.' },
            {
              target: ['./engine/src/event-store', './engine/src/database'],
              from: './engine/src',
              except: ['./event-store', './database', './config.ts'],
              message: 'The store and database layers import no feature.',
            },
            {
              target: './engine/src/!(app.ts|routes.ts|server.ts|deploy)/**',
              from: ['./engine/src/app.ts', './engine/src/routes.ts', './engine/src/server.ts'],
              message: 'Features import downward: never the app that assembles them.',
            },
          ],
        },
      ],
    },
  },
  // Toasts go through lib/toast, which says the server's English in the language the screens speak.
  {
    files: ['clients/src/**/*.{ts,tsx}'],
    ignores: ['clients/src/lib/toast.ts', 'clients/src/app/toasts.tsx', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-toastify', message: 'Toast with lib/toast: it translates the server texts.', allowTypeImports: true }],
        },
      ],
    },
  },
  // Text a person reads comes from the catalogues: no English written into a screen's JSX, its words
  // attributes (plain or templated) or a toast.
  {
    files: ['clients/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: `JSXAttribute[name.name=/^(${TRANSLATED_ATTRIBUTES.join('|')})$/] > Literal[value=/[A-Za-z]/]`,
          message: 'Words a person reads come from the catalogues (clients/src/i18n): use t(...).',
        },
        {
          selector: `JSXAttribute[name.name=/^(${TRANSLATED_ATTRIBUTES.join('|')})$/] > JSXExpressionContainer > Literal[value=/[A-Za-z]/]`,
          message: 'Words a person reads come from the catalogues (clients/src/i18n): use t(...).',
        },
        {
          selector: `JSXAttribute[name.name=/^(${TRANSLATED_ATTRIBUTES.join('|')})$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2}/]`,
          message: 'Words a person reads come from the catalogues (clients/src/i18n): use t(...) with values.',
        },
        {
          selector: "CallExpression[callee.object.name='toast'] > :matches(Literal[value=/[A-Za-z]{2}/], TemplateLiteral)",
          message: 'A toast says words from the catalogues (clients/src/i18n): use t(...), or translateMessage for a server text.',
        },
      ],
    },
  },
  // The formatter owns layout (npm run format); lint rules about layout would only fight it.
  prettier,
);
