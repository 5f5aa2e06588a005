/**
 * Whether the journeys keep pictures: their screenshots (test-results/screens: both themes, phone width,
 * several locales, for a person to look at; nothing compares them) and a failed journey's trace. On by
 * default for `pnpm --filter @oryx/web e2e`; off in `npm test` and in CI, whose files nobody opens (a
 * full-page screenshot or a traced step costs a loaded machine a second or more). `E2E_SCREENSHOTS=1` or
 * `=0` says otherwise either way.
 */
export const KEEP_PICTURES = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS !== '0'
  : process.env.CI !== 'true';
