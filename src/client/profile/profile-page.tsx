import { lazy } from 'react'
import { useSearch } from 'wouter'
import { ProfileForm } from './profile-form'

const TaxSetupWizard = lazy(() => import('../wizard/wizard'))

/**
 * /profile in its three modes (spec part 2 §2): edit; first-time registration
 * (?firstTime=true); the tax-setup wizard (?setup=tax).
 */
export default function ProfilePage() {
  const params = new URLSearchParams(useSearch())
  if (params.get('setup') === 'tax') return <TaxSetupWizard />
  return <ProfileForm firstTime={params.get('firstTime') === 'true'} />
}
