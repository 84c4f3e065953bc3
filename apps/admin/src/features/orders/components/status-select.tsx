import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { type OrderStatus, orderStatuses } from '@shopdesk/contract';

const statusLabel = (status: OrderStatus) => status || 'None';

type Props = { label: string; value: OrderStatus; disabled: boolean; onChange: (status: OrderStatus) => void };

/** The status dropdown of the Orders List's rows and the order page: any status may follow any other (spec §4). */
export function StatusSelect({ label, value, disabled, onChange }: Props) {
  return (
    <Select
      size="small"
      value={value}
      displayEmpty
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as OrderStatus)}
      inputProps={{ 'aria-label': label }}
      renderValue={(selected) => statusLabel(selected)}
      MenuProps={{ slotProps: { paper: { sx: { maxHeight: 224, width: 250 } } } }}
      sx={{ minWidth: 130 }}
    >
      {['' as const, ...orderStatuses.filter((status) => status !== '')].map((status) => (
        <MenuItem key={status || 'none'} value={status}>
          {status ? status : <em>None</em>}
        </MenuItem>
      ))}
    </Select>
  );
}
