import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useCategoryOptions } from '../api/list-category-options';

type Props = { value: string; onChange: (catId: string) => void };

/** 'All' or one root category by name (spec §2); the value is 'all' or the category id (§4). */
export function CategoryFilter({ value, onChange }: Props) {
  const categories = useCategoryOptions();
  const options = categories.data ?? [];
  // Until the list arrives (or if the id is gone) show 'All' rather than an unknown value.
  const shown = value === 'all' || options.some((category) => category.id === value) ? value : 'all';
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id="category-filter-label">Category By</InputLabel>
      <Select
        labelId="category-filter-label"
        id="category-filter"
        label="Category By"
        value={shown}
        onChange={(event) => onChange(event.target.value)}
      >
        <MenuItem value="all">All</MenuItem>
        {options.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
