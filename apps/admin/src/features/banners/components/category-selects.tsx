import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ErrorState } from '../../../components/ui/query-state';
import { useCategoryOptions } from '../api/list-category-options';

type Props = {
  catId: string;
  subCatId: string;
  onChange: (next: { catId: string; subCatId: string }) => void;
  disabled?: boolean;
};

// Spec §9: select menus are at most 224 px high and 250 px wide.
const menuProps = { slotProps: { paper: { sx: { maxHeight: 224, width: 250 } } } };

/** Category (root categories) and Sub Category (children of the chosen one). */
export function CategorySelects({ catId, subCatId, onChange, disabled }: Props) {
  const categories = useCategoryOptions(true);
  const list = categories.data ?? [];
  const chosen = list.find((category) => category.id === catId);
  const children = chosen?.children ?? [];
  // A saved id that is not (yet) in the list shows as blank rather than warning.
  const categoryValue = chosen ? catId : '';
  const subValue = children.some((sub) => sub.id === subCatId) ? subCatId : '';

  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  return (
    <>
      <TextField
        select
        fullWidth
        label="Category"
        value={categoryValue}
        disabled={disabled || categories.isPending}
        onChange={(event) => onChange({ catId: event.target.value, subCatId: '' })}
        slotProps={{ select: { MenuProps: menuProps } }}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {list.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        label="Sub Category"
        value={subValue}
        disabled={disabled || !chosen || children.length === 0}
        onChange={(event) => onChange({ catId, subCatId: event.target.value })}
        slotProps={{ select: { MenuProps: menuProps } }}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {children.map((sub) => (
          <MenuItem key={sub.id} value={sub.id}>
            {sub.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
