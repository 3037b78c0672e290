import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['tests/web/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/web/setup.ts'],
            css: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['tests/server/**/*.test.ts'],
            globalSetup: ['tests/server/global-setup.ts'],
            testTimeout: 30000,
            hookTimeout: 60000,
            pool: 'forks',
          },
        },
      ],
    },
  }),
);
