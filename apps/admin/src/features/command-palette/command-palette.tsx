import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { visuallyHidden } from '../../components/ui/visually-hidden';
import { closeShortcutDialogs, paletteTitle, useShortcutDialog } from '../../lib/shortcuts';
import { type PaletteItem, type PaletteSources, usePaletteResults } from './palette-items';

/**
 * The command palette (issue 20): one combobox (WAI-ARIA combobox pattern with a listbox
 * popup) over grouped rows. ArrowDown/ArrowUp move the active row (`aria-activedescendant`,
 * focus stays in the field), Enter runs it, Escape closes, and focus goes back where it was.
 */
export function CommandPalette({ sources }: { sources: PaletteSources }) {
  const isOpen = useShortcutDialog() === 'palette';
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={closeShortcutDialogs}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // Near the top, as palettes are: the list grows downwards without the field moving.
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: { mt: { xs: 2, sm: 10 } } } }}
    >
      <h2 id={titleId} style={visuallyHidden}>
        {paletteTitle}
      </h2>
      {isOpen && <PaletteBody titleId={titleId} sources={sources} />}
    </Dialog>
  );
}

function PaletteBody({ titleId, sources }: { titleId: string; sources: PaletteSources }) {
  const [text, setText] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const { groups, isSearching, errors } = usePaletteResults(text, sources, closeShortcutDialogs);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const items = groups.flatMap((group) => group.items);
  // The active row stays active while results arrive around it; otherwise the first one is.
  const active = items.find((item) => item.id === activeId) ?? items[0];
  const optionId = (item: PaletteItem) => `${baseId}-option-${items.indexOf(item)}`;
  const activeOptionId = active ? optionId(active) : undefined;

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOptionId]);

  const move = (step: number) => {
    if (items.length === 0) return;
    const index = active ? items.indexOf(active) : -1;
    setActiveId(items[(index + step + items.length) % items.length]?.id ?? null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      active?.run();
    }
  };

  const typed = text.trim();
  const status = errors.length > 0 ? errors.join(' ') : statusText(typed, isSearching, items.length);
  return (
    <Box>
      <InputBase
        autoFocus
        fullWidth
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActiveId(null);
        }}
        onKeyDown={onKeyDown}
        placeholder="Screens, actions, products, orders, categories"
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon />
          </InputAdornment>
        }
        sx={{ px: 2, py: 1.5, fontSize: 18, borderBottom: 1, borderColor: 'divider' }}
        inputProps={{
          role: 'combobox',
          'aria-labelledby': titleId,
          'aria-autocomplete': 'list',
          'aria-expanded': items.length > 0,
          'aria-controls': listboxId,
          'aria-activedescendant': activeOptionId,
          autoComplete: 'off',
          spellCheck: false,
        }}
      />
      <Box
        id={listboxId}
        role="listbox"
        aria-labelledby={titleId}
        hidden={items.length === 0}
        sx={{ maxHeight: '60vh', overflowY: 'auto', py: 1 }}
      >
        {groups.map((group) => {
          const headingId = `${baseId}-group-${group.name}`;
          return (
            <Box key={group.name} role="group" aria-labelledby={headingId}>
              <Typography
                id={headingId}
                component="div"
                variant="overline"
                color="text.secondary"
                sx={{ px: 2, pt: 1, display: 'block', lineHeight: 2 }}
              >
                {group.name}
              </Typography>
              {group.items.map((item) => (
                <Box
                  key={item.id}
                  id={optionId(item)}
                  role="option"
                  aria-selected={item === active}
                  // The field keeps focus (and the typed text) while a row is clicked.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => item !== active && setActiveId(item.id)}
                  onClick={item.run}
                  sx={{
                    px: 2,
                    py: 0.75,
                    cursor: 'pointer',
                    display: 'flex',
                    alignItems: 'baseline',
                    gap: 1.5,
                    bgcolor: item === active ? 'action.selected' : undefined,
                    borderLeft: 3,
                    borderColor: item === active ? 'primary.main' : 'transparent',
                  }}
                >
                  <Typography component="span">{item.label}</Typography>
                  {item.detail && (
                    <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
                      {item.detail}
                    </Typography>
                  )}
                </Box>
              ))}
            </Box>
          );
        })}
      </Box>
      <Typography
        role="status"
        variant="body2"
        color={errors.length > 0 ? 'error' : 'text.secondary'}
        sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
      >
        {status}
      </Typography>
    </Box>
  );
}

/** The line under the results: searching, nothing found, or how to use the palette. */
function statusText(typed: string, isSearching: boolean, count: number): string {
  if (typed !== '' && isSearching) return 'Searching…';
  if (typed !== '' && count === 0) return `No results for “${typed}”`;
  if (typed === '') return 'Type to find products, orders (id, name, e-mail, phone) and categories.';
  return `${count} ${count === 1 ? 'result' : 'results'}: ↑ ↓ to move, Enter to open, Esc to close.`;
}
