import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useBulkCategories } from '../api/bulk-edit';
import { type BulkEditChanges, type BulkEditValues, emptyBulkEdit, toBulkChanges } from './bulk-edit-values';
import { bulkWords } from './bulk-words';

type Props = {
  open: boolean;
  count: number;
  pending: boolean;
  onClose: () => void;
  onApply: (changes: BulkEditChanges) => void;
};

type Field = keyof BulkEditValues;
const leave = 'Leave as it is';

/** Bulk edit: set price / old price / discount / stock / featured / category, or adjust prices by percent. */
export default function BulkEditDialog({ open, count, pending, onClose, onApply }: Props) {
  const [values, setValues] = useState<BulkEditValues>(emptyBulkEdit);
  const [fields, setFields] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const categories = useBulkCategories(open);
  const chosen = categories.data?.find((category) => category.id === values.category);

  const change = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value, ...(field === 'category' ? { subCatId: '' } : {}) }));
    setFields((previous) => ({ ...previous, [field]: undefined }));
    setFormError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = toBulkChanges(values);
    if ('changes' in check) return onApply(check.changes);
    setFields(check.fields);
    setFormError(check.form);
  };
  const number = (field: Field, label: string, help?: string) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        fullWidth
        size="small"
        type="number"
        label={label}
        value={values[field]}
        onChange={(event) => change(field, event.target.value)}
        error={fields[field] !== undefined}
        helperText={fields[field] ?? help ?? ' '}
        slotProps={{ htmlInput: { step: 'any' } }}
      />
    </Grid>
  );
  const choice = (field: Field, label: string, options: { value: string; label: string }[], disabled = false) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={label}
        value={values[field]}
        disabled={disabled}
        onChange={(event) => change(field, event.target.value)}
        error={fields[field] !== undefined}
        helperText={fields[field] ?? ' '}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );

  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
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
