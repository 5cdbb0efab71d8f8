import { useSearch } from 'wouter'
import { ProfileForm } from './profile-form'
import { useSessionUser } from '../api/user'
import { LoadingOverlay } from '../ui/loading-overlay'
import TaxSetupWizard from '../wizard/wizard'

/**
 * /profile in its three modes (spec part 2 §2): edit; first-time registration
 * (?firstTime=true); the tax-setup wizard (?setup=tax).
 */
export default function ProfilePage() {
  const params = new URLSearchParams(useSearch())
  // The route is signed-in only, so the user is known here; the check narrows the type.
  const user = useSessionUser()
  if (!user) return <LoadingOverlay />
  if (params.get('setup') === 'tax') return <TaxSetupWizard user={user} />
  return <ProfileForm firstTime={params.get('firstTime') === 'true'} user={user} />
}
