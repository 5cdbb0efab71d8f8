import { profileRoutes } from '../users/profile-routes'

export const addFile = () => profileRoutes()
