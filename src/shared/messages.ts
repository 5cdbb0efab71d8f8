/** The longest message to the provider (spec part 1 §5): the server refuses longer, the box stops typing there. */
export const MAX_MESSAGE_LENGTH = 5000
