export const rename = async () => (await import('../tax-status/service')).documentsChanged
export const namesOf = () => []
