import { Elysia } from 'elysia'
import { addFile } from './service'

export const documentRoutes = () => new Elysia().post('/', addFile)
