export { addFile as rename } from '../documents/service'
export const namesOf = () => []
