/** The zod-free part of contract/fixed-assets.ts (re-exported there): what the SPA may import without zod (decision 0023). */

/** The account category whose expenses may create a fixed asset (SPEC.md section 9). */
export const FIXED_ASSET_ACCOUNT_CATEGORY = 'Actifs immobilisés';

/** How an asset leaves the books: sold ('Cession') or scrapped ('Mise au rebut'). */
export const ASSET_DISPOSAL_KINDS = ['sale', 'scrap'] as const;
export type AssetDisposalKind = (typeof ASSET_DISPOSAL_KINDS)[number];
export const ASSET_DISPOSAL_KIND_LABELS: Record<AssetDisposalKind, string> = {
  sale: 'Cession',
  scrap: 'Mise au rebut',
};

/**
 * The French messages of the fixed assets (docs/features/fixed-assets.md). EXPENSE_MESSAGES includes
 * them: the payment of an expense may record an asset with the same fields.
 */
export const FIXED_ASSET_MESSAGES = {
  // SPEC.md section 5 (exact)
  assetNameRequired: "Le nom de l'immobilisation est requis.",
  assetCurrencyRequired: 'La devise est requise.',
  assetUsefulLifeRequired: 'La durée de vie est requise pour un bien amortissable.',
  // ours
  assetNotFound: 'Immobilisation introuvable.',
  assetDeleted: 'Immobilisation supprimée.',
  assetCurrencyTooLong: 'La devise doit contenir au plus 3 caractères.',
  assetUsefulLifeMin: 'La durée de vie doit être au moins 1 an.',
  assetRateRange: "Le taux d'amortissement doit être compris entre 0,01 et 100.",
  assetPurchasePriceRequired: "Le prix d'achat est requis.",
  assetOperationAccountInvalid: "Ce compte n'est pas un compte d'actifs immobilisés.",
  // the disposal of an asset (decision 0030)
  assetDisposalKindRequired: 'Veuillez choisir le type de sortie.',
  assetDisposalDateRequired: 'La date de sortie est requise.',
  assetDisposalPriceRequired: 'Le prix de cession est requis.',
  assetDisposalBeforeAcquisition:
    "La date de sortie ne peut pas précéder la date d'acquisition de l'immobilisation.",
  assetAlreadyDisposed: 'Cette immobilisation est déjà sortie du patrimoine.',
  assetDisposedLocked: 'Une immobilisation sortie du patrimoine ne peut plus être modifiée ni supprimée.',
  assetDisposed: 'Sortie de l’immobilisation enregistrée.',
} as const;

/** The orders of a list of fixed assets (`?sort=cost&order=desc`); latest bought first by default. */
export const FIXED_ASSET_SORTS = ['name', 'date', 'cost', 'status'] as const;
export type FixedAssetSort = (typeof FIXED_ASSET_SORTS)[number];
