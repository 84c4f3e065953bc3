import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { shortcutSearch } from '../../lib/shortcuts';

/** Waits this long after the last key before searching, so typing a word is one request. */
const searchDelayMs = 300;

type Props = {
  value: string;
  onSearch: (q: string) => void;
  /** Its accessible name ("Search products", "Search orders"). */
  label: string;
};

/**
 * A list's search box (the `q` its URL keeps): a non-empty text searches, an empty one brings
 * back the full list. Marked for the `/` shortcut.
 */
export function SearchBox({ value, onSearch, label }: Props) {
  const [text, setText] = useState(value);
  const latestSearch = useRef(onSearch);
  latestSearch.current = onSearch;

  // Back/forward changes the URL: show what it says (but keep a trailing space being typed).
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => latestSearch.current(trimmed), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      size="small"
      placeholder="Search here..."
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ minWidth: 240 }}
      slotProps={{
        htmlInput: { 'aria-label': label, type: 'search', ...shortcutSearch },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
