// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

/** The layers of ARCHITECTURE.md section 2; each zone forbids an import against the dependency direction. */
const layer = (name) => `./src/${name}`;
const features = existsSync('src/features')
  ? readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const zones = [
  {
    target: layer('domain'),
    from: ['./src/api', './src/local', './src/sync', './src/ui', './src/features', './src/routes', './src/app', './server', './workers'],
    message: 'src/domain is pure: it imports nothing from the other layers.',
  },
  {
    target: layer('api'),
    from: ['./src/local', './src/sync', './src/ui', './src/features', './src/routes', './src/app', './server', './workers'],
    message: 'src/api depends on src/domain only.',
  },
  {
    target: layer('sync'),
    from: ['./src/local', './src/ui', './src/features', './src/routes', './src/app', './server', './workers'],
    message: 'src/sync depends on src/api and src/domain only.',
  },
  {
    target: layer('local'),
    from: ['./src/ui', './src/features', './src/routes', './src/app', './server', './workers'],
    message: 'src/local sits below the UI.',
  },
  {
    target: layer('ui'),
    from: ['./src/api', './src/local', './src/sync', './src/features', './src/routes', './src/app', './server', './workers'],
    message: 'src/ui holds design-system pieces only; features use it, not the other way.',
  },
  {
    target: layer('features'),
    from: ['./src/routes', './src/app', './server', './workers'],
    message: 'Features do not import routes, the app or the server.',
  },
  {
    target: layer('features'),
    from: ['./src/sync', './src/api'],
    message: 'Features reach the store, the sync engine and the API only through src/local.',
  },
  { target: layer('routes'), from: ['./src/app', './server', './workers'], message: 'Routes are thin: they pick a feature screen.' },
  { target: layer('app'), from: ['./server', './workers'], message: 'The app wires the browser side; it does not import the server or the workers.' },
  {
    target: './workers',
    from: ['./src/local', './src/ui', './src/features', './src/routes', './src/app', './server'],
    message: 'workers/ are thin entries: they import src/sync, src/api and src/domain only.',
  },
  {
    target: './server',
    from: ['./src/api', './src/local', './src/sync', './src/ui', './src/features', './src/routes', './src/app', './workers'],
    message: 'The server imports src/domain and nothing else from src.',
  },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features do not import each other.',
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    // Without a resolver the zones below skip every extensionless TypeScript import.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // Type-only circles too: a type both modules need lives in a leaf module of its own.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'dexie', 'dexie-*', 'kysely', 'fastify', '@fastify/*', 'styled-components', 'node:*', 'better-sqlite3', 'pg'],
              message: 'src/domain is pure TypeScript: no React, Dexie, Kysely, Fastify, styled-components or Node APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**', 'src/routes/**', 'src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@radix-ui/*'], message: 'Import the wrappers from src/ui, not Radix directly.' },
          ],
        },
      ],
    },
  },
);
