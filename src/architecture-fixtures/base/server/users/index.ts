import { Elysia } from 'elysia'
import { rename } from './service'

export const userRoutes = () => new Elysia().post('/', rename)
