import { namesOf } from '../server/users/service'

export const rule = namesOf
