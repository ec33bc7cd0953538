import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The folders directly under `dir`, read when the config loads: a new feature or module is covered at once. */
function folders(dir) {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const features = folders('src/web/features');
const modules = folders('src/server/modules');

/** What a server module may import besides its own folder and the other modules' `<name>.service.ts`. */
const SERVER_FOUNDATIONS = ['db', 'auth', 'http', 'lib', 'mail', 'limits', 'secrets', 'public-cache'];

/**
 * The layers of docs/architecture.md ("Layers and what each may import"), one zone per rule. A zone forbids
 * `target` to import anything under `from` except the `except` paths (relative to `from`); imports of npm
 * packages are never restricted. Type-only imports count like any other.
 */
const boundaries = [
  {
    target: './src/shared',
    from: './src',
    except: ['./shared'],
    message: 'src/shared is the contract of browser and server: it imports nothing outside src/shared.',
  },
  {
    target: './src/web',
    from: './src/server',
    message: 'The browser app never imports server code; what both need belongs in src/shared.',
  },
  {
    target: './src/server',
    from: './src/web',
    message:
      'The server never imports the web app (it renders the built one); shared code belongs in src/shared.',
  },
  {
    target: './src/web/lib',
    from: './src/web',
    except: ['./lib'],
    message: 'src/web/lib is the lowest web layer: it imports src/shared and src/web/lib only.',
  },
  {
    target: './src/web/components',
    from: './src/web',
    except: ['./components', './lib'],
    message: 'src/web/components imports src/shared and src/web/lib only; features and the app compose them.',
  },
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web',
    except: ['./lib', './components', `./features/${feature}`],
    message: `A feature imports src/shared, src/web/lib, src/web/components and its own folder only: move what another feature or src/web/app needs into src/web/components or src/web/lib (web/features/${feature}).`,
  })),
  ...modules.map((module) => ({
    target: `./src/server/modules/${module}`,
    from: './src/server',
    except: [
      ...SERVER_FOUNDATIONS.map((folder) => `./${folder}`),
      `./modules/${module}`,
      ...modules.filter((other) => other !== module).map((other) => `./modules/${other}/${other}.service.ts`),
    ],
    message: `A server module imports ${SERVER_FOUNDATIONS.join(', ')} and src/shared, its own folder, and another module only through that module's <name>.service.ts (modules/${module}).`,
  })),
  {
    target: ['./src/server/db', './src/server/auth', './src/server/http', './src/server/lib'],
    from: './src/server/modules',
    message: 'db, auth, http and lib are below the modules and never import them: move what they need down.',
  },
  {
    target: ['./src/server/mail', './src/server/limits', './src/server/secrets', './src/server/public-cache'],
    from: './src/server/modules',
    message:
      'mail, limits, secrets and the render cache are below the modules and never import them: move what they need down.',
  },
  {
    target: './src/server/render',
    from: './src/server/modules',
    except: modules.map((module) => `./${module}/${module}.service.ts`),
    message:
      'The pages and sitemaps reach a module only through its <name>.service.ts, as modules reach each other.',
  },
  {
    target: './extension',
    from: './src',
    except: ['./shared'],
    message: 'The browser extension shares src/shared with the server, nothing else.',
  },
];

/**
 * The built server runs from V8's code cache, where Node 20 cannot `import()`
 * (docs/decisions/0027-server-start-from-v8-code-cache.md): what it loads on first use comes through
 * loadModule. (This rule and the repositories' rule below share no-restricted-syntax, so the modules'
 * block repeats it.)
 */
const IMPORT_ON_FIRST_USE = {
  selector: 'ImportExpression',
  message:
    "Load it with loadModule (src/server/lib/load-module.ts): the built server's cached code cannot import().",
};
const SERVER_IMPORTERS = ['src/server/lib/load-module.ts', 'src/server/boot/**'];

export default tseslint.config(
  {
    // make-fixture.ts compiles against the release it was written for, not against today's code.
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'coverage',
      'tests/fixtures/*/make-fixture.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The architecture's import rules (docs/architecture.md, docs/decisions/0014-import-boundaries-in-lint.md).
    files: ['src/**/*.{ts,tsx}', 'extension/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads no TypeScript file it resolves, and the zones would match no import.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'extension/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
    },
  },
  {
    // Unit tests share one module graph per worker (`--no-isolate`, scripts/test/run-all.mjs): a mock, a
    // stubbed global or variable, or fake timers in one file would reach the files after it.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Unit tests run without isolation: test the rule with its inputs, or move the test to tests/api.',
        })),
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [...SERVER_IMPORTERS, 'src/server/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', IMPORT_ON_FIRST_USE] },
  },
  {
    // A module's queries live in its repositories (docs/architecture.md#where-a-query-goes): services keep
    // the rules, routes the HTTP.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/*.repository.ts', 'src/server/modules/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        IMPORT_ON_FIRST_USE,
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: "A query belongs in the module's <name>.repository.ts; the service calls it.",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: "SQL belongs in the module's <name>.repository.ts; the service calls it.",
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    // Node scripts; screenshots.mjs also hands small functions to the browser.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
