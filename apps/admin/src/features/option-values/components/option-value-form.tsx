import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { FormEvent } from 'react';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';

type Props = {
  label: string;
  /** The panel's form and its one field (the family's: ram, weight or size). */
  control: Control<Record<string, string>, unknown, Record<string, string>>;
  name: string;
  onSubmit: (event: FormEvent) => void;
  isUpdate: boolean;
  isSaving: boolean;
};

/** The one text field and its button: 'Submit' creates, 'Update' saves the row being edited. */
export function OptionValueForm({ label, control, name, onSubmit, isUpdate, isSaving }: Props) {
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 3, mb: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <FormTextField control={control} name={name} label={label} sx={{ flex: '1 1 280px' }} />
      <Button type="submit" variant="contained" size="large" disabled={isSaving} sx={{ minWidth: 140 }}>
        {isSaving ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : isUpdate ? 'Update' : 'Submit'}
      </Button>
    </Paper>
  );
}
