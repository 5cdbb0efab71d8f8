import { useState } from 'react'

export const rule = useState
