import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router';
import { usePermissions } from '../../lib/permissions';
import { SidebarGroup } from './sidebar-group';
import { entriesFor, groupOfPath } from './sidebar-links';
import { useLogout } from './use-logout';
import { useOpenGroup } from './use-open-group';

/** The navigation column; `onNavigate` lets the mobile overlay close after a choice. */
export function Sidebar({ onNavigate = () => {} }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { openGroup, toggleGroup } = useOpenGroup(groupOfPath(pathname));
  const { logout, isLoggingOut } = useLogout();
  const entries = entriesFor(usePermissions());

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowY: 'auto', py: 1 }}
    >
      <List sx={{ flexGrow: 1, '& .active': { bgcolor: 'action.selected', fontWeight: 600 } }}>
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <li key={entry.to}>
              <ListItemButton
                component={NavLink}
                to={entry.to}
                end
                onClick={onNavigate}
                // '/dashboard' shows the same screen as '/': light the Dashboard link there too.
                className={entry.to === '/' && pathname === '/dashboard' ? 'active' : undefined}
              >
                <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{entry.icon}</ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            </li>
          ) : (
            <SidebarGroup
              key={entry.id}
              {...entry}
              isOpen={openGroup === entry.id}
              onToggle={() => toggleGroup(entry.id)}
              onNavigate={onNavigate}
            />
          ),
        )}
      </List>
      <Box sx={{ p: 2 }}>
        <Button
          fullWidth
          variant="contained"
          startIcon={<LogoutIcon />}
          onClick={() => void logout()}
          disabled={isLoggingOut}
        >
          Logout
        </Button>
      </Box>
    </Box>
  );
}
