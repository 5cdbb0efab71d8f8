import { version } from '../../package.json'

/** The product version, from package.json only: shown on the login screen, by `swisstax --version` and in the help. */
export const APP_VERSION: string = version

/**
 * Change-log versions, newest first (texts in locales/{lng}/changelog.json); the first is APP_VERSION's major.minor
 * (version.test.ts).
 */
export const CHANGELOG_VERSIONS = [
  '0.34',
  '0.33',
  '0.32',
  '0.31',
  '0.30',
  '0.29',
  '0.28',
  '0.27',
  '0.26',
  '0.25',
  '0.24',
] as const
