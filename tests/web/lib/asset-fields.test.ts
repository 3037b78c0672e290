import { describe, expect, it } from 'vitest';
import { paymentFixedAssetSchema } from '@contract/fixed-assets';
import { assetFormSchema, emptyAssetForm } from '@/features/fixed-assets/lib/form';
import { paymentDefaults, paymentFormSchema } from '@/features/expenses/lib/payment-form';
import {
  assetFieldDefaults,
  assetFieldProblems,
  toAssetFieldsBody,
  type AssetFieldValues,
} from '@/shared/lib/asset-fields';

const LIFE_REQUIRED = 'La durée de vie est requise pour un bien amortissable.';
const LIFE_MIN = 'La durée de vie doit être au moins 1 an.';
const RATE_RANGE = "Le taux d'amortissement doit être compris entre 0,01 et 100.";

const asset = (values: Partial<AssetFieldValues>) =>
  assetFieldDefaults(undefined, { name: 'Groupe électrogène', ...values });

/** The messages of both forms that hold the asset fields, by field. */
function formMessages(values: Partial<AssetFieldValues>) {
  const typed = asset(values);
  const assetForm = assetFormSchema.safeParse({ ...emptyAssetForm(), ...typed, purchase_price: '2500000' });
  const payment = paymentFormSchema(50_000).safeParse({
    ...paymentDefaults(50_000),
    payment_method: 'Espèces',
    payment_account_id: 41,
    create_asset: true,
    asset: typed,
  });
  const byField = (issues: Array<{ path: PropertyKey[]; message: string }>, skip = 0) =>
    Object.fromEntries(issues.map((issue) => [String(issue.path[skip]), issue.message]));
  return {
    asset: assetForm.success ? {} : byField(assetForm.error.issues),
    payment: payment.success ? {} : byField(payment.error.issues, 1),
  };
}

describe('the fixed asset fields (the asset form and the asset of a payment)', () => {
  it('asks neither the useful life nor the rate of an asset that is not depreciable, and sends neither', () => {
    const typed = asset({ depreciable: false, useful_life_years: '', annual_depreciation_rate: '150' });
    expect(assetFieldProblems(typed)).toEqual([]);
    expect(formMessages(typed)).toEqual({ asset: {}, payment: {} });
    const body = toAssetFieldsBody(typed);
    expect(body).not.toHaveProperty('useful_life_years');
    expect(body).not.toHaveProperty('annual_depreciation_rate');
    expect(body.depreciable).toBe(false);
    // what the form sends, the server takes
    expect(paymentFixedAssetSchema.safeParse(body).success).toBe(true);
  });

  it('requires the useful life of a depreciable asset and checks the rate, with the exact French messages', () => {
    expect(
      formMessages({ depreciable: true, useful_life_years: '', annual_depreciation_rate: '150' }),
    ).toEqual({
      asset: { useful_life_years: LIFE_REQUIRED, annual_depreciation_rate: RATE_RANGE },
      payment: { useful_life_years: LIFE_REQUIRED, annual_depreciation_rate: RATE_RANGE },
    });
    expect(assetFieldProblems(asset({ useful_life_years: '0', annual_depreciation_rate: '0' }))).toEqual([
      ['useful_life_years', LIFE_MIN],
      ['annual_depreciation_rate', RATE_RANGE],
    ]);
    expect(assetFieldProblems(asset({ annual_depreciation_rate: '12,5x' }))).toEqual([
      ['annual_depreciation_rate', RATE_RANGE],
    ]);
    // the server refuses the same rate with the same message
    const server = paymentFixedAssetSchema.safeParse({
      name: 'Groupe électrogène',
      useful_life_years: 5,
      annual_depreciation_rate: 150,
    });
    expect(server.success ? [] : server.error.issues.map((issue) => issue.message)).toEqual([RATE_RANGE]);
  });

  it('leaves the rate optional on a depreciable asset, as the server does (the schedule then uses the useful life)', () => {
    const noRate = asset({ depreciable: true, useful_life_years: '5', annual_depreciation_rate: '' });
    expect(formMessages(noRate)).toEqual({ asset: {}, payment: {} });
    expect(toAssetFieldsBody(noRate)).toMatchObject({ depreciable: true, useful_life_years: 5 });
    expect(toAssetFieldsBody(noRate)).not.toHaveProperty('annual_depreciation_rate');
    expect(paymentFixedAssetSchema.safeParse(toAssetFieldsBody(noRate)).success).toBe(true);

    const withRate = toAssetFieldsBody(asset({ useful_life_years: '5', annual_depreciation_rate: '12,5' }));
    expect(withRate).toMatchObject({ useful_life_years: 5, annual_depreciation_rate: 12.5 });
    expect(paymentFixedAssetSchema.safeParse(withRate).success).toBe(true);
  });

  it('checks the name, the currency and the amounts with the messages of SPEC.md section 5', () => {
    expect(
      assetFieldProblems(
        asset({ name: ' ', currency: 'EURO', additional_costs: '1,5', residual_value: 'x' }),
      ),
    ).toEqual([
      ['name', "Le nom de l'immobilisation est requis."],
      ['currency', 'La devise doit contenir au plus 3 caractères.'],
      ['additional_costs', 'Format non valide.'],
      ['residual_value', 'Format non valide.'],
    ]);
    expect(assetFieldProblems(asset({ currency: '' }))).toEqual([['currency', 'La devise est requise.']]);
  });
});
