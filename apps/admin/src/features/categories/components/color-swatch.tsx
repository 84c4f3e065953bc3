import Box from '@mui/material/Box';

/** A small square of the colour beside its written value (the value carries the meaning). */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{ width: 20, height: 20, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: color }}
      />
      <span>{color}</span>
    </Box>
  );
}
