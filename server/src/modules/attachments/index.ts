// The files of expense requests and activity reports: where they are stored, how an upload is read and
// how a file is served (decision 0038: a module's public entry).
export { cleanFileName, removeStoredFiles, storedFile, type SavedFile } from './storage';
export { contentDisposition, readUpload, servedName } from './uploads';
