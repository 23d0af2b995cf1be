import { defineConfig } from "vite";
import preact from "@preact/preset-vite";
import { VitePWA } from "vite-plugin-pwa";

export default defineConfig({
  plugins: [
    preact(),
    VitePWA({
      registerType: "autoUpdate",
      includeAssets: ["icon.svg", "icon-192.png", "icon-512.png"],
      manifest: {
        name: "Table referee",
        short_name: "Referee",
        description: "Deals, rolls, keeps secrets and settles 'is that legal?' for chess variants at the table.",
        start_url: "/",
        display: "standalone",
        orientation: "portrait",
        background_color: "#f6f4ef",
        theme_color: "#1f5fbf",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      },
      workbox: {
        // The app shell works offline; the API is always live.
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/metrics/, /^\/healthz/, /^\/readyz/],
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      },
    }),
  ],
  server: {
    proxy: { "/api": "http://127.0.0.1:8080" },
  },
  build: { target: "es2022", sourcemap: false },
});
