import { userRoutes } from '../users'

export const documentsChanged = () => userRoutes()
