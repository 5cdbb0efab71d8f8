import { Elysia } from 'elysia'
import { documentRoutes } from './documents'
import { profileRoutes } from './users/profile-routes'
import { userRoutes } from './users/index'

export const app = new Elysia().use(userRoutes()).use(profileRoutes()).use(documentRoutes())
export type App = typeof app
