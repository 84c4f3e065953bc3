import { mdiStorefrontOutline } from '@mdi/js';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/session';
import { toggleThemeMode, useThemeMode } from '../../lib/theme-store';
import { SvgPathIcon } from '../ui/svg-path-icon';
import { AccountMenu } from './account-menu';
import { NotificationsMenu } from './notifications-menu';
import { PaletteButton } from './palette-button';

type Props = {
  isWide: boolean;
  isSidebarCollapsed: boolean;
  onToggleSidebar: () => void;
  onOpenMobileMenu: () => void;
};

export function Header({ isWide, isSidebarCollapsed, onToggleSidebar, onOpenMobileMenu }: Props) {
  const mode = useThemeMode();
  const { isLoggedIn, user } = useSession();
  return (
    <AppBar
      component="header"
      position="fixed"
      elevation={1}
      sx={{ bgcolor: 'background.paper', color: 'text.primary' }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          color="inherit"
          aria-label="Shopdesk home"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: 20, mr: 2 }}
        >
          <SvgPathIcon path={mdiStorefrontOutline} tone="primary" />
          <span>Shopdesk</span>
        </Link>
        {isWide && (
          <IconButton
            onClick={onToggleSidebar}
            aria-label={isSidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!isSidebarCollapsed}
          >
            {isSidebarCollapsed ? <MenuIcon /> : <MenuOpenIcon />}
          </IconButton>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {isLoggedIn && <PaletteButton isWide={isWide} />}
        <IconButton
          onClick={toggleThemeMode}
          aria-label={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        >
          {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
        <NotificationsMenu />
        {!isWide && (
          <IconButton onClick={onOpenMobileMenu} aria-label="Open menu">
            <MenuIcon />
          </IconButton>
        )}
        {isLoggedIn && user ? (
          <AccountMenu user={user} />
        ) : (
          <Button component={RouterLink} to="/login" variant="contained">
            Sign In
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
