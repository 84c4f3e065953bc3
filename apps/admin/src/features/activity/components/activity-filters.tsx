import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type ActivityActor, activityActions, activityEntities } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { shortcutSearch } from '../../../lib/shortcuts';
import type { ActivityFilterValues } from './use-activity-filters';

type Props = {
  values: ActivityFilterValues;
  onChange: (changes: Partial<ActivityFilterValues>) => void;
  onClear: () => void;
  isFiltered: boolean;
  /** The staff to pick "who" from; without them (no staff:manage) "who" is an account id typed in. */
  people?: ActivityActor[] | undefined;
};

/** Who, what, when, which record. Lists and dates apply at once; typed ids on Enter or on leaving the field. */
export function ActivityFilters({ values, onChange, onClear, isFiltered, people }: Props) {
  // The typed fields are kept here until committed, so the list is not re-read on every key.
  const [typed, setTyped] = useState({ actor: values.actor, entityId: values.entityId });
  const [shown, setShown] = useState({ actor: values.actor, entityId: values.entityId });
  if (shown.actor !== values.actor || shown.entityId !== values.entityId) {
    // The URL changed (cleared, back button): the typed fields follow it.
    const next = { actor: values.actor, entityId: values.entityId };
    setShown(next);
    setTyped(next);
  }
  const commit = (key: 'actor' | 'entityId') => {
    if (typed[key].trim() !== values[key]) onChange({ [key]: typed[key] });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ actor: typed.actor, entityId: typed.entityId });
  };
  // An actor in the URL who is not in the list (an old account, a shared link) still shows.
  const isKnownActor = !values.actor || people?.some((person) => person.id === values.actor);

  return (
    <Box
      component="form"
      role="search"
      aria-label="Activity filters"
      // `/` (keyboard shortcut) goes to the first filter.
      {...shortcutSearch}
      onSubmit={submit}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' },
      }}
    >
      {people ? (
        <TextField
          select
          size="small"
          label="Who"
          value={values.actor}
          onChange={(event) => onChange({ actor: event.target.value })}
        >
          <MenuItem value="">Anyone</MenuItem>
          {!isKnownActor && <MenuItem value={values.actor}>{values.actor}</MenuItem>}
          {people.map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {person.name} ({person.email})
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          size="small"
          label="Who (account id)"
          value={typed.actor}
          onChange={(event) => setTyped({ ...typed, actor: event.target.value })}
          onBlur={() => commit('actor')}
        />
      )}
      <TextField
        select
        size="small"
        label="Action"
        value={values.action}
        onChange={(event) => onChange({ action: event.target.value as ActivityFilterValues['action'] })}
      >
        <MenuItem value="">Any action</MenuItem>
        {activityActions.map((action) => (
          <MenuItem key={action} value={action}>
            {action}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Record type"
        value={values.entity}
        onChange={(event) => onChange({ entity: event.target.value as ActivityFilterValues['entity'] })}
      >
        <MenuItem value="">Any record</MenuItem>
        {activityEntities.map((entity) => (
          <MenuItem key={entity} value={entity}>
            {entity}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Record id"
        value={typed.entityId}
        onChange={(event) => setTyped({ ...typed, entityId: event.target.value })}
        onBlur={() => commit('entityId')}
      />
      <TextField
        size="small"
        type="date"
        label="From"
        value={values.from}
        onChange={(event) => onChange({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: values.to || undefined } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={values.to}
        onChange={(event) => onChange({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: values.from || undefined } }}
      />
      {/* Enter in a typed field submits; the button is there for pointer users too. */}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onClear} disabled={!isFiltered}>
          Clear filters
        </Button>
        <Button type="submit" variant="contained">
          Apply
        </Button>
      </Box>
    </Box>
  );
}
