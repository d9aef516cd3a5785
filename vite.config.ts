import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#contract": path.resolve(import.meta.dirname, "contract"),
    },
  },
  build: {
    sourcemap: false,
    // Translations are fetched as JSON files (app/i18n/client.ts): never inlined as data: URLs, which the CSP's
    // connect-src 'self' refuses and no cache keeps.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
  },
});
