import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { type TrashEntity, trashEntityLabels, trashEntityNames } from '@shopdesk/contract';

type Props = { value: TrashEntity | undefined; onChange: (entity: TrashEntity | undefined) => void };

/** Which kind of record the Trash screen lists ('all' or one of api.md §11's names). */
export function TrashEntityFilter({ value, onChange }: Props) {
  return (
    <FormControl size="small" sx={{ minWidth: 220 }}>
      <InputLabel id="trash-entity-label">Type</InputLabel>
      <Select
        labelId="trash-entity-label"
        label="Type"
        value={value ?? 'all'}
        onChange={(event) => {
          const next = event.target.value;
          onChange(next === 'all' ? undefined : (next as TrashEntity));
        }}
      >
        <MenuItem value="all">All</MenuItem>
        {trashEntityNames.map((name) => (
          <MenuItem key={name} value={name}>
            {trashEntityLabels[name]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
