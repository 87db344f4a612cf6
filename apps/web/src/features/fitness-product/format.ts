import { ProductDuration, ProductNumberType, ProductSalesUnit, VatRate } from '@xp/contracts/enums';
import type { TFunction } from 'i18next';

/** The options of the product form (enum values in the spec's order), translated. */
export const numberTypes = [
  ProductNumberType.Equipment,
  ProductNumberType.EquipmentWithIFit,
  ProductNumberType.PersonalTrainer,
] as const;
export const vatRates = [VatRate.Percent6, VatRate.Percent9, VatRate.Percent21] as const;
export const salesUnits = [ProductSalesUnit.Pieces, ProductSalesUnit.Monthly] as const;
export const durations = [
  ProductDuration.NotApplicable,
  ProductDuration.Months12,
  ProductDuration.Months24,
  ProductDuration.Months36,
] as const;

export const optionsOf = (t: TFunction, group: string, values: readonly number[]) =>
  values.map((value) => ({ value, label: t(`fitnessProduct.${group}.${value}`) }));
