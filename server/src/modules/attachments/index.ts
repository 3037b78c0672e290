// The files of expense requests and activity reports: stored in the database (decision 0044), how an upload is read and
// how a file is served (decision 0038: a module's public entry).
export {
  cleanFileName,
  moveFilesIntoDatabase,
  removeStoredFiles,
  storedFile,
  type SavedFile,
} from './storage';
export { contentDisposition, readUpload, servedName } from './uploads';
