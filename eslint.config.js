import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import i18next from 'eslint-plugin-i18next';

const FEATURES = ['auth', 'driver', 'inspections', 'requester', 'staff'];

// Issue #34 item 4: the folders whose screens speak from the catalogues (clients/src/i18n). The rest
// (features/staff) follow folder by folder; add each here once it is migrated.
const TRANSLATED = [
  'clients/src/app',
  'clients/src/components',
  'clients/src/features/auth',
  'clients/src/features/driver',
  'clients/src/features/requester',
];
// The staff screens migrated so far (issue #34 item 4), file by file; the rest of features/staff follow.
const TRANSLATED_STAFF = [
  'clients/src/features/staff/components/board-*.tsx',
  'clients/src/features/staff/components/maintenance-head-dashboard.tsx',
  'clients/src/features/staff/components/staff-page.tsx',
  'clients/src/features/staff/components/comment-cell.tsx',
  'clients/src/features/staff/components/close-warning.tsx',
  'clients/src/features/staff/components/maintenance-filter-bar.tsx',
  'clients/src/features/staff/components/maintenance-requests-page.tsx',
  'clients/src/features/staff/components/maintenance-requests-table.tsx',
  'clients/src/features/staff/components/maintenance-status-chip.tsx',
  'clients/src/features/staff/components/reject-dialog.tsx',
  'clients/src/features/staff/components/inspection-answers-dialog.tsx',
  'clients/src/features/staff/components/inspection-filter-controls.tsx',
  'clients/src/features/staff/components/inspection-history-page.tsx',
  'clients/src/features/staff/components/inspections-table.tsx',
  'clients/src/features/staff/components/dispatch-form.tsx',
  'clients/src/features/staff/components/dispatch-mode-field.tsx',
  'clients/src/features/staff/components/dispatch-page.tsx',
  'clients/src/features/staff/components/assign-ride-dialog.tsx',
  'clients/src/features/staff/components/fleet-panel.tsx',
  'clients/src/features/staff/components/fleet-table.tsx',
  'clients/src/features/staff/components/kpi-charts.tsx',
  'clients/src/features/staff/components/kpi-dashboard-page.tsx',
  'clients/src/features/staff/components/on-target-chart.tsx',
  'clients/src/features/staff/components/presence-page.tsx',
  'clients/src/features/staff/components/presence-summary.tsx',
  'clients/src/features/staff/components/presence-table.tsx',
  'clients/src/features/staff/components/access-code-dialog.tsx',
  'clients/src/features/staff/components/add-driver-dialog.tsx',
  'clients/src/features/staff/components/driver-accordion-item.tsx',
  'clients/src/features/staff/components/driver-facts.tsx',
  'clients/src/features/staff/components/driver-filter-panel.tsx',
  'clients/src/features/staff/components/driver-form-fields.tsx',
  'clients/src/features/staff/components/driver-info-page.tsx',
  'clients/src/features/staff/components/pending-registrations.tsx',
  'clients/src/features/staff/components/inspection-result-chip.tsx',
  'clients/src/features/staff/components/ride-audit-page.tsx',
  'clients/src/features/staff/components/ride-inspections-section.tsx',
  'clients/src/features/staff/components/ride-replay.tsx',
  'clients/src/features/staff/components/report-filter-controls.tsx',
  'clients/src/features/staff/components/ride-reports-page.tsx',
  'clients/src/features/staff/components/ride-reports-table.tsx',
];
// Issue #34 item 4, the rest, one list per part so parallel work does not collide.
const TRANSLATED_SITE = [
  'clients/src/features/staff/components/add-place-form.tsx',
  'clients/src/features/staff/components/minutes-cell.tsx',
  'clients/src/features/staff/components/place-code-sheet.tsx',
  'clients/src/features/staff/components/place-editor.tsx',
  'clients/src/features/staff/components/place-fields.tsx',
  'clients/src/features/staff/components/plant-plan.tsx',
  'clients/src/features/staff/components/route-matrix.tsx',
  'clients/src/features/staff/components/scan-rules.tsx',
  'clients/src/features/staff/components/scroll-table.tsx',
  'clients/src/features/staff/components/site-page.tsx',
];
const TRANSLATED_MACHINES = [
  'clients/src/features/staff/components/api-key-dialog.tsx',
  'clients/src/features/staff/components/new-service-account-dialog.tsx',
  'clients/src/features/staff/components/rotate-key-dialog.tsx',
  'clients/src/features/staff/components/service-account-*.tsx',
  'clients/src/features/staff/components/service-accounts-page.tsx',
  'clients/src/features/staff/components/trigger-dialog.tsx',
  'clients/src/features/staff/components/amr-*.tsx',
  'clients/src/features/staff/components/amrs-page.tsx',
];
const TRANSLATED_INSPECTION = ['clients/src/features/inspections/components/*.tsx'];
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
  // Text a person reads comes from the catalogues: no English written into the JSX of a migrated folder.
  {
    files: [
      ...TRANSLATED.map((folder) => `${folder}/**/*.tsx`),
      ...TRANSLATED_STAFF,
      ...TRANSLATED_SITE,
      ...TRANSLATED_MACHINES,
      ...TRANSLATED_INSPECTION,
    ],
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
      ],
    },
  },
  // The formatter owns layout (npm run format); lint rules about layout would only fight it.
  prettier,
);
