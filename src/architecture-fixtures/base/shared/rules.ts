export const rule = 1
