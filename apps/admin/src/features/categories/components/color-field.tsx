import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

const hexColor = /^#[0-9a-f]{6}$/i;

/** The colour as free text (any CSS colour) with a picker beside it for convenience. */
export function ColorField<TValues extends FieldValues>({
  control,
  name,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: the form's output type does not matter to a field
  control: Control<TValues, unknown, any>;
  name: FieldPath<TValues>;
}) {
  // The form's field (react-hook-form): its error marks and describes the text input, as FormTextField's does.
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as string | undefined) ?? '';
  const onChange = (color: string) => field.onChange(color);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
      <TextField
        label="Color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message}
        placeholder="#1565c0"
        fullWidth
      />
      <Box
        component="input"
        type="color"
        aria-label="Pick a color"
        // The picker only understands #rrggbb; other values (e.g. 'red') show black there.
        value={hexColor.test(value) ? value : '#000000'}
        onChange={(event: { target: { value: string } }) => onChange(event.target.value)}
        sx={{
          width: 56,
          height: 56,
          p: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'transparent',
        }}
      />
    </Box>
  );
}
