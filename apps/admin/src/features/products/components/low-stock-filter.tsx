import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

type Props = { checked: boolean; onChange: (lowStock: boolean) => void };

/**
 * Product List's "Low stock" filter (api.md §15): only the products at or below their low-stock
 * line. Kept in the URL as `lowStock=true` (use-product-filters.ts), so a saved view keeps it.
 */
export function LowStockFilter({ checked, onChange }: Props) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Low stock"
    />
  );
}
