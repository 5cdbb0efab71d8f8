// The documents area's client pieces. The dashboard mounts them with props only.
export { UploadTools } from './upload-tools'
export { DocumentChecklist } from './checklist'
export { YourFilesButton } from './file-history'
