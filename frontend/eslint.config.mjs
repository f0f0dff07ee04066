import nx from '@nx/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';

// Module boundaries (docs/adr/0024-web-workspace-and-libs.md). Every lib is tagged with a type and a scope:
// - type: app → feature → ui / data-access → util. Features never import each other; ui never
//   imports data-access (it gets data through props). `testing` (MSW handlers, fixtures) is
//   for spec files only.
// - scope: a domain (shell, account, catalog, booking, provider, notification) uses its own libs
//   and shared ones; the provider screens also use booking's and catalog's; the navbar and the
//   provider screens show notifications.
const TYPES = {
  'type:app': ['type:feature', 'type:ui', 'type:data-access', 'type:util'],
  'type:feature': ['type:ui', 'type:data-access', 'type:util'],
  'type:ui': ['type:ui', 'type:util'],
  'type:data-access': ['type:data-access', 'type:util'],
  'type:util': ['type:util'],
  'type:testing': ['type:util'],
  'type:e2e': ['type:util'],
};
const SCOPES = {
  'scope:app': ['*'],
  'scope:shared': ['scope:shared'],
  'scope:shell': ['scope:shell', 'scope:notification', 'scope:shared'],
  'scope:account': ['scope:account', 'scope:shared'],
  'scope:catalog': ['scope:catalog', 'scope:shared'],
  'scope:booking': ['scope:booking', 'scope:shared'],
  'scope:provider': ['scope:provider', 'scope:booking', 'scope:catalog', 'scope:notification', 'scope:shared'],
  'scope:notification': ['scope:notification', 'scope:shared'],
};

/** Every rule of a recommended set that is on, as an error (a warning does not fail `make lint`). */
function asErrors(rules) {
  return Object.fromEntries(
    Object.entries(rules).map(([name, level]) => {
      if (Array.isArray(level)) return [name, level[0] === 'off' || level[0] === 0 ? level : ['error', ...level.slice(1)]];
      return [name, level === 'off' || level === 0 ? level : 'error'];
    }),
  );
}

/** The rule's options; spec files may also use the testing lib. */
export function boundaryRule({ specs }) {
  const depConstraints = [
    ...Object.entries(TYPES).map(([sourceTag, allowed]) => ({
      sourceTag,
      onlyDependOnLibsWithTags: specs ? [...allowed, 'type:testing'] : allowed,
    })),
    ...Object.entries(SCOPES).map(([sourceTag, allowed]) => ({ sourceTag, onlyDependOnLibsWithTags: allowed })),
  ];
  return ['error', { enforceBuildableLibDependency: true, allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$'], depConstraints }];
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/dist',
      '**/out-tsc',
      '**/test-output',
      '**/test-results',
      '**/playwright-report',
      '**/vite.config.*.timestamp*',
      '**/vitest.config.*.timestamp*',
      '**/src/generated/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx'],
    rules: { '@nx/enforce-module-boundaries': boundaryRule({ specs: false }) },
  },
  // React hooks and accessibility (nx's flat/react turns only part of jsx-a11y on, as warnings):
  // both recommended sets, every rule an error.
  {
    files: ['**/*.tsx', '**/*.jsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: {
      ...asErrors(reactHooks.configs.recommended.rules),
      ...asErrors(jsxA11y.flatConfigs.recommended.rules),
      // A scrollable region (role="region" with a name) must take focus so the keyboard can scroll it
      // (axe scrollable-region-focusable): allowed next to the rule's default tabpanel.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@nx/enforce-module-boundaries': boundaryRule({ specs: true }) },
  },
];
