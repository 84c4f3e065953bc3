import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import type { Category, ProductInput } from '@shopdesk/contract';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../../components/form/form-text-field';
import { selectMenuProps } from './multi-select-field';
import type { ProductFormValues } from './product-form-values';

type TextKey =
  | 'name'
  | 'description'
  | 'price'
  | 'oldPrice'
  | 'countInStock'
  | 'lowStockThreshold'
  | 'brand'
  | 'discount';
type Props = { control: Control<ProductFormValues, unknown, ProductInput>; categories: Category[] };

/** Name, description, category, sub category, prices, featured flag, stock, brand, discount. */
export function BasicInformation({ control, categories }: Props) {
  // Every child of every category, flattened (spec §2).
  const subCategories = categories.flatMap((category) => category.children);
  const text = (
    key: TextKey,
    label: string,
    extra: { numeric?: boolean; multiline?: boolean; helperText?: string } = {},
  ) => (
    <FormTextField
      control={control}
      name={key}
      fullWidth
      id={`product-${key}`}
      label={label}
      multiline={extra.multiline}
      minRows={extra.multiline ? 5 : undefined}
      helperText={extra.helperText}
      // Numbers are typed in text inputs (spec §5); the schema reads them.
      slotProps={{ htmlInput: extra.numeric ? { inputMode: 'decimal' } : undefined }}
    />
  );
  const select = (
    key: 'category' | 'subCatId' | 'isFeatured',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <FormTextField
      control={control}
      name={key}
      select
      fullWidth
      id={`product-${key}`}
      label={label}
      slotProps={{ select: { MenuProps: selectMenuProps } }}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
  return (
    <Grid container spacing={2}>
      <Grid size={12}>{text('name', 'PRODUCT NAME')}</Grid>
      <Grid size={12}>{text('description', 'DESCRIPTION', { multiline: true })}</Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {select(
          'category',
          'CATEGORY',
          categories.map((c) => ({ value: c.id, label: c.name })),
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {select(
          'subCatId',
          'SUB CATEGORY',
          subCategories.map((c) => ({ value: c.id, label: c.name })),
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>{text('price', 'PRICE', { numeric: true })}</Grid>
      <Grid size={{ xs: 12, md: 4 }}>{text('oldPrice', 'OLD PRICE', { numeric: true })}</Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {select('isFeatured', 'IS FEATURED', [
          { value: 'true', label: 'True' },
          { value: 'false', label: 'False' },
        ])}
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>{text('countInStock', 'PRODUCT STOCK', { numeric: true })}</Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {text('lowStockThreshold', 'LOW STOCK THRESHOLD', { numeric: true, helperText: 'Blank: the shop default' })}
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>{text('brand', 'BRAND')}</Grid>
      <Grid size={{ xs: 12, md: 4 }}>{text('discount', 'DISCOUNT', { numeric: true })}</Grid>
    </Grid>
  );
}
