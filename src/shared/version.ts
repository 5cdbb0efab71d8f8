/** The product version shown in the change log and by `swisstax --version`. */
export const APP_VERSION = '0.34.0'
/** Change-log versions, newest first (texts in locales/{lng}/changelog.json). */
export const CHANGELOG_VERSIONS = ['0.33', '0.32', '0.31', '0.30', '0.29', '0.28', '0.27', '0.26', '0.25', '0.24'] as const
