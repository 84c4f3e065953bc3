import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The spec's select menu size (§9). */
export const selectMenuProps = { slotProps: { paper: { style: { maxHeight: 224, width: 250 } } } };

type Option = { value: string; label: string };
type Props = { id: string; label: string; options: Option[]; value: string[]; onChange: (value: string[]) => void };

/** A labelled multi-select; values no longer offered (a deleted option) still show and can be removed. */
export function MultiSelectField({ id, label, options, value, onChange }: Props) {
  const known = new Set(options.map((option) => option.value));
  const all = [...options, ...value.filter((item) => !known.has(item)).map((item) => ({ value: item, label: item }))];
  const labelOf = new Map(all.map((option) => [option.value, option.label]));
  return (
    <TextField
      select
      fullWidth
      id={id}
      label={label}
      value={value}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      slotProps={{
        select: {
          multiple: true,
          MenuProps: selectMenuProps,
          renderValue: (selected) => (selected as string[]).map((item) => labelOf.get(item) ?? item).join(', '),
        },
      }}
    >
      {all.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
