import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type FieldErrors, type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { useBulkCategories } from '../api/bulk-edit';
import {
  type BulkEditChanges,
  type BulkEditCheck,
  type BulkEditValues,
  emptyBulkEdit,
  toBulkChanges,
} from './bulk-edit-values';
import { bulkWords } from './bulk-words';

type Props = {
  open: boolean;
  count: number;
  pending: boolean;
  onClose: () => void;
  onApply: (changes: BulkEditChanges) => void;
};

type Field = keyof BulkEditValues;
type Checked = Exclude<BulkEditCheck, { fields: unknown }> | { form: string };
const leave = 'Leave as it is';

/**
 * The server's own schemas (toBulkChanges) as the form's resolver: every field in error is
 * marked with its message at once; with none, the changes (or "nothing to change").
 */
const bulkResolver: Resolver<BulkEditValues, unknown, Checked> = (values): ResolverResult<BulkEditValues, Checked> => {
  const check = toBulkChanges(values);
  if ('changes' in check) return { values: check, errors: {} };
  const entries = Object.entries(check.fields).map(([field, message]) => [field, { type: 'validate', message }]);
  if (entries.length === 0) return { values: { form: check.form ?? '' }, errors: {} };
  return { values: {}, errors: Object.fromEntries(entries) as FieldErrors<BulkEditValues> };
};

/** Bulk edit: set price / old price / discount / stock / featured / category, or adjust prices by percent. */
export default function BulkEditDialog({ open, count, pending, onClose, onApply }: Props) {
  // The first field in error takes focus (react-hook-form's shouldFocusError), in the dialog's order.
  // As before: a field's error stays until it is changed (then cleared) or the next Apply.
  const form = useForm<BulkEditValues, unknown, Checked>({
    defaultValues: emptyBulkEdit,
    resolver: bulkResolver,
    reValidateMode: 'onSubmit',
  });
  const [formError, setFormError] = useState<string | undefined>();
  const categories = useBulkCategories(open);
  const chosen = categories.data?.find((category) => category.id === form.watch('category'));

  const changed = (field: Field) => {
    // A new category: the sub category belonged to the old one.
    if (field === 'category') form.setValue('subCatId', '');
    form.clearErrors(field);
    setFormError(undefined);
  };
  const submit = form.handleSubmit((check) => {
    if ('changes' in check) return onApply(check.changes);
    setFormError(check.form);
  });
  const number = (field: Field, label: string, help?: string) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField
        control={form.control}
        name={field}
        onValueChange={() => changed(field)}
        fullWidth
        size="small"
        type="number"
        label={label}
        helperText={help ?? ' '}
        slotProps={{ htmlInput: { step: 'any' } }}
      />
    </Grid>
  );
  const choice = (field: Field, label: string, options: { value: string; label: string }[], disabled = false) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <FormTextField
        control={form.control}
        name={field}
        onValueChange={() => changed(field)}
        select
        fullWidth
        size="small"
        label={label}
        disabled={disabled}
        helperText=" "
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </FormTextField>
    </Grid>
  );

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle>{bulkWords.editTitle(count)}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2, color: 'text.secondary' }}>
            Fill in only what should change; empty fields are left as they are.
          </Typography>
          {formError && (
            <Alert severity="error" variant="outlined" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Grid container spacing={2}>
            {number('price', 'Price')}
            {number('pricePercent', 'Adjust price by %', 'e.g. 10 or -15')}
            {number('oldPrice', 'Old price')}
            {number('oldPricePercent', 'Adjust old price by %')}
            {number('discount', 'Discount')}
            {number('countInStock', 'Stock')}
            {choice('isFeatured', 'Featured', [
              { value: '', label: leave },
              { value: 'true', label: 'True' },
              { value: 'false', label: 'False' },
            ])}
            <Grid size={{ xs: 12, sm: 6 }} />
            {choice('category', 'Category', [
              { value: '', label: leave },
              ...(categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
            ])}
            {choice(
              'subCatId',
              'Sub category',
              [
                { value: '', label: chosen ? 'None' : leave },
                ...(chosen?.children ?? []).map((sub) => ({ value: sub.id, label: sub.name })),
              ],
              !chosen,
            )}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Apply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
