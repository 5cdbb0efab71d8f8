import { startFirstScreen } from './boot'

// The page's entry, a few hundred bytes: it asks for the first screen's texts and code at once, then runs the app,
// whose files index.html has been fetching meanwhile (main.tsx).
startFirstScreen(location.pathname)
import('./main')
