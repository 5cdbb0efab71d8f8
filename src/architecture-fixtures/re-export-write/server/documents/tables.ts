export { users as accounts } from '../db/schema/users'
