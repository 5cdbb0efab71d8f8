// A person's screens besides the dashboard, in one chunk of their own (signed-in.tsx): the dashboard, the screen
// most page loads open, does not wait for their code. It is fetched once the first screen is drawn, so that every
// later screen opens without a request, or with the first screen's code when one of them is opened first.
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
