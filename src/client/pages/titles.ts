import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'

/** The common:pages.* key of each route's title; unknown paths are the 404 page. */
const TITLES: Record<string, string> = {
  '/': 'pages.home',
  '/login': 'pages.login',
  '/profile': 'pages.profile',
  '/file-history': 'pages.file_history',
  '/cantons': 'pages.cantons',
  '/address-demo': 'pages.address_demo',
  '/plans': 'pages.plans',
  '/advanced-tax-info': 'pages.advanced_tax_info',
  '/advanced-tax-info-legacy': 'pages.advanced_tax_info_legacy',
  '/pgbar': 'pages.progress',
  '/tax-card-demo': 'pages.tax_card_demo',
  '/admin': 'pages.admin',
  '/featuretest': 'pages.feature_test',
  '/design': 'pages.design',
  '/cookies': 'pages.cookies',
  '/cookie-policy': 'pages.cookies',
  '/data-protection': 'pages.data_protection',
  '/data-protection-policy': 'pages.data_protection',
  '/terms-and-conditions': 'pages.terms',
}

/** The title key for a location: the wizard and the first registration are their own pages. */
export function titleKeyOf(path: string, search: string): string {
  const params = new URLSearchParams(search)
  if (path === '/profile' && params.get('setup') === 'tax') return 'pages.tax_setup'
  if (path === '/profile' && params.get('firstTime') === 'true') return 'pages.registration'
  return TITLES[path] ?? (path.startsWith('/admin') ? 'pages.admin' : 'pages.not_found')
}

/** Sets document.title to "Page · SwissTax" in the UI language on every route change. */
export function useDocumentTitle() {
  // t changes with the language, so a language switch re-titles the page too.
  const { t } = useTranslation()
  const [location] = useLocation()
  const search = useSearch()
  useEffect(() => {
    document.title = `${t(titleKeyOf(location, search))} · ${t('app_name')}`
  }, [location, search, t])
}
