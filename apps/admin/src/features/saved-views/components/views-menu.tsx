import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { SavedView, ViewScreen } from '@shopdesk/contract';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { usePermissions } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useViews } from '../api/views';
import { addressOfView, queryOfAddress } from '../view-query';
import { ManageViewsDialog } from './manage-views-dialog';
import { SaveViewDialog } from './save-view-dialog';

export const noViews = 'No saved views yet';

/** Who may rename a view (its owner) and delete it (its owner, or for a shared one `staff:manage`). */
export function useViewRights() {
  const userId = useSession().user?.userId ?? '';
  const canManage = usePermissions().has('staff:manage');
  return {
    isOwn: (view: SavedView) => view.ownerId === userId,
    mayRename: (view: SavedView) => view.ownerId === userId,
    mayDelete: (view: SavedView) => view.ownerId === userId || (view.shared && canManage),
  };
}

/**
 * The "Views" menu of a list screen (api.md §16): the caller's own views and those shared with
 * the team (choosing one opens the screen with its parameters), "Save current view…" and, when
 * there are views to rename or delete, "Manage views…".
 */
export function ViewsMenu({ screen }: { screen: ViewScreen }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const views = useViews(screen, anchor !== null || dialog === 'manage');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const rights = useViewRights();
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const close = () => setAnchor(null);
  const open = (next: 'save' | 'manage') => {
    close();
    setDialog(next);
  };
  const list = views.data ?? [];
  const manageable = list.some((view) => rights.mayRename(view) || rights.mayDelete(view));

  function apply(view: SavedView) {
    close();
    void navigate(addressOfView(pathname, view.query));
  }

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={<BookmarksOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Views
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId, dense: true }, paper: { sx: { minWidth: 260 } } }}
      >
        {views.isPending ? (
          <MenuItem disabled>Loading views...</MenuItem>
        ) : views.isError ? (
          <MenuItem onClick={() => void views.refetch()}>
            <ListItemText primary={errorMessage(views.error)} secondary="Try again" />
          </MenuItem>
        ) : list.length === 0 ? (
          <MenuItem disabled>{noViews}</MenuItem>
        ) : (
          list.map((view) => (
            <MenuItem key={view.id} onClick={() => apply(view)}>
              <ListItemText
                primary={view.name}
                secondary={
                  view.shared ? (rights.isOwn(view) ? 'Shared with the team' : 'Shared by a teammate') : undefined
                }
              />
            </MenuItem>
          ))
        )}
        <Divider />
        <MenuItem onClick={() => open('save')}>Save current view…</MenuItem>
        {manageable ? <MenuItem onClick={() => open('manage')}>Manage views…</MenuItem> : null}
      </Menu>
      <SaveViewDialog
        open={dialog === 'save'}
        screen={screen}
        query={queryOfAddress(search)}
        onClose={() => setDialog(null)}
      />
      <ManageViewsDialog open={dialog === 'manage'} views={list} rights={rights} onClose={() => setDialog(null)} />
    </>
  );
}
