import { Elysia } from 'elysia'

export const profileRoutes = () => new Elysia()
