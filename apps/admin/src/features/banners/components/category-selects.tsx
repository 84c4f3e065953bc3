import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, useController } from 'react-hook-form';
import { ErrorState } from '../../../components/ui/query-state';
import { useCategoryOptions } from '../api/list-category-options';

/** What the banner form holds. */
export type BannerValues = { images: string[]; catId: string; subCatId: string };
type Props = {
  control: Control<BannerValues, unknown, BannerValues>;
  disabled?: boolean;
};

// Spec §9: select menus are at most 224 px high and 250 px wide.
const menuProps = { slotProps: { paper: { sx: { maxHeight: 224, width: 250 } } } };

/** Category (root categories) and Sub Category (children of the chosen one). */
export function CategorySelects({ control, disabled }: Props) {
  // The form's two fields: an error marks, describes and focuses the select, as FormTextField's does.
  const category = useController({ control, name: 'catId' });
  const sub = useController({ control, name: 'subCatId' });
  const catId = category.field.value as string;
  const subCatId = sub.field.value as string;
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
        onChange={(event) => {
          category.field.onChange(event.target.value);
          sub.field.onChange('');
        }}
        onBlur={category.field.onBlur}
        inputRef={category.field.ref}
        error={Boolean(category.fieldState.error)}
        helperText={category.fieldState.error?.message}
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
        onChange={(event) => sub.field.onChange(event.target.value)}
        onBlur={sub.field.onBlur}
        inputRef={sub.field.ref}
        error={Boolean(sub.fieldState.error)}
        helperText={sub.fieldState.error?.message}
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
