/**
 * Build of the web app (web/ → dist/). The PWA plugin precaches the app shell; the service
 * worker never answers /api (DESIGN.md §5). In dev, /api is proxied to the sync-server.
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('./web'),
  publicDir: here('./public'),
  build: { outDir: here('./dist'), emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8787}` } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['robots.txt', 'favicon.svg'],
      manifest: {
        name: 'Afterword',
        short_name: 'Afterword',
        description: 'Plan what happens after you die, and leave words for the people you love.',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        theme_color: '#334155',
        background_color: '#f8fafc',
      },
      workbox: {
        clientsClaim: true,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
      },
    }),
  ],
});
