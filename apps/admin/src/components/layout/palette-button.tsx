import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { openPalette, paletteKeyLabel, paletteKeyShortcuts, paletteTitle } from '../../lib/shortcuts';

/** The header's way into the command palette, showing its key; an icon alone on narrow screens. */
export function PaletteButton({ isWide }: { isWide: boolean }) {
  if (!isWide) {
    return (
      <IconButton onClick={openPalette} aria-label={paletteTitle} aria-keyshortcuts={paletteKeyShortcuts}>
        <SearchIcon />
      </IconButton>
    );
  }
  return (
    <Button
      variant="outlined"
      color="inherit"
      onClick={openPalette}
      aria-keyshortcuts={paletteKeyShortcuts}
      startIcon={<SearchIcon />}
      sx={{
        textTransform: 'none',
        color: 'text.secondary',
        borderColor: 'divider',
        minWidth: 240,
        justifyContent: 'flex-start',
      }}
    >
      {paletteTitle}
      <Box component="kbd" sx={{ ml: 'auto', pl: 2, fontFamily: 'inherit', fontSize: 12, color: 'text.secondary' }}>
        {paletteKeyLabel()}
      </Box>
    </Button>
  );
}
