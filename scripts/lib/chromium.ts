/**
 * Debian's Chromium as the browser tests (tests/e2e/browser.ts) and `npm run bench:weight` launch it: its path
 * (CHROMIUM_PATH) and the flags this machine needs.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
