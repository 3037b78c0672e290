// Backups of the installation (decision 0044): the module's public entry.
export { backupRoutes } from './routes';
export { backupService, type BackupService } from './service';
