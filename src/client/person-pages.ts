// A person's screens besides the dashboard, in one chunk of their own (signed-in.tsx): the dashboard, the screen
// most page loads open, does not wait for their code. Opened first, one of them has it preloaded with the first
// screen's (shared/first-screen.ts); opened from the dashboard, it is one request, or none once the service worker
// has cached every file for offline use (a few seconds after the first screen).
export { default as ProfilePage } from './profile/profile-page'
export { default as FileHistoryPage } from './documents/file-history-page'
export { default as CantonsPage } from './cantons/cantons-page'
export { default as AddressDemoPage } from './address/address-demo-page'
export { default as AdvancedPage } from './advanced/advanced-page'
export { default as AdvancedLegacyPage } from './advanced/legacy-page'
export { default as TaxCardDemoPage } from './advanced/tax-card-demo-page'
export { default as ProgressBarPage } from './advanced/pgbar-page'
export { default as FeatureTestPage } from './advanced/feature-test-page'
export { default as PlansPage } from './plans/plans-page'
