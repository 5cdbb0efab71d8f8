/** The public legal pages: their paths and their texts' keys. */
export const LEGAL_PAGES = {
  '/cookies': 'cookies',
  '/cookie-policy': 'cookie_policy',
  '/data-protection': 'data_protection',
  '/data-protection-policy': 'data_protection_policy',
  '/terms-and-conditions': 'terms_and_conditions',
} as const

export const isLegalPath = (path: string) => Object.hasOwn(LEGAL_PAGES, path)
