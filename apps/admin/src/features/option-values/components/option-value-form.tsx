import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { FormEvent, Ref } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  isUpdate: boolean;
  isSaving: boolean;
  inputRef: Ref<HTMLInputElement>;
};

/** The one text field and its button: 'Submit' creates, 'Update' saves the row being edited. */
export function OptionValueForm({ label, value, onChange, onSubmit, isUpdate, isSaving, inputRef }: Props) {
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={handleSubmit}
      sx={{ p: 3, mb: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputRef={inputRef}
        sx={{ flex: '1 1 280px' }}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSaving} sx={{ minWidth: 140 }}>
        {isSaving ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : isUpdate ? 'Update' : 'Submit'}
      </Button>
    </Paper>
  );
}
