import { defineConfig } from 'vite';

// The module-boundary rule of eslint.config.mjs, shown failing on imports it must refuse.
export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/tools/module-boundaries',
  test: {
    name: 'module-boundaries',
    watch: false,
    globals: true,
    environment: 'node',
    include: ['src/**/*.spec.ts'],
    // Building the project graph the first time takes a few seconds, and over 10 s (vitest's
    // default hook timeout) on two loaded cores: beforeAll builds it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
}));
