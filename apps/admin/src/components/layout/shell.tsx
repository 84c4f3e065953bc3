import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { wideScreenQuery } from '../../config/constants';
import { hasToken } from '../../lib/session';
import { Header } from './header';
import { Sidebar } from './sidebar';

const sidebarWidth = 264;

/** Sidebar + header around every signed-in screen. */
export default function Shell() {
  // noSsr: read the width on the first render so narrow screens never flash the sidebar.
  const isWide = useMediaQuery(wideScreenQuery, { noSsr: true });
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isMobileOpen, setIsMobileOpen] = useState(false);

  // Spec §4: showing the shell with an empty/null/undefined token sends you to sign in.
  if (!hasToken()) return <Navigate to="/login" replace />;

  const isSidebarShown = isWide && !isCollapsed;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Header
        isWide={isWide}
        isSidebarCollapsed={isCollapsed}
        onToggleSidebar={() => setIsCollapsed((value) => !value)}
        onOpenMobileMenu={() => setIsMobileOpen(true)}
      />
      {isSidebarShown && (
        <Box
          component="aside"
          sx={{
            width: sidebarWidth,
            flexShrink: 0,
            position: 'fixed',
            top: 0,
            bottom: 0,
            left: 0,
            bgcolor: 'background.paper',
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          <Toolbar />
          <Box sx={{ height: 'calc(100% - 64px)' }}>
            <Sidebar />
          </Box>
        </Box>
      )}
      {!isWide && (
        <Drawer
          open={isMobileOpen}
          onClose={() => setIsMobileOpen(false)}
          slotProps={{ paper: { sx: { width: sidebarWidth } } }}
        >
          <Sidebar onNavigate={() => setIsMobileOpen(false)} />
        </Drawer>
      )}
      <Box
        component="main"
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, ml: isSidebarShown ? `${sidebarWidth}px` : 0 }}
      >
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
