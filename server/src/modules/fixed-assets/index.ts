// The module's public entry (decision 0038): the fixed assets' routes, the asset an expense payment
// records (in the payment's transaction), and every asset of an entity for the statements and closings.
export { entityFixedAssets, loadFixedAsset } from './queries';
export { fixedAssetRoutes } from './routes';
export { insertFixedAsset } from './service';
