import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // the built-in LigdiCash simulator's payment page (decision 0019)
      '/simulateur-ligdicash': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Two HTML entries: the SPA, and the public receipt verification (/receipt/{id}, served by the
    // server from receipt.html) that a guest opens from a QR code without loading the SPA (decision 0009).
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        receipt: fileURLToPath(new URL('./receipt.html', import.meta.url)),
      },
    },
  },
});
