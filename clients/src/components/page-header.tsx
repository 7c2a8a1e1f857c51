import type { ReactNode } from 'react';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { logout } from '../lib/logout';

interface PageHeaderProps {
  title: string;
  /** Where the Back button goes; no button without it. */
  backTo?: string;
  children?: ReactNode;
}

/** The top bar every signed-in screen shares: back, title, extra actions, logout. */
export function PageHeader({ title, backTo, children }: PageHeaderProps) {
  const navigate = useNavigate();
  return (
    <AppBar position="static" component="header" elevation={0}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 0.5 }}>
        {backTo && (
          <Button color="inherit" variant="outlined" size="small" onClick={() => navigate(backTo)}>
            Back
          </Button>
        )}
        <Typography component="span" variant="h6" sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.25rem' } }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {children}
          <Button color="inherit" variant="outlined" size="small" onClick={() => void logout()}>
            Logout
          </Button>
        </Box>
      </Toolbar>
    </AppBar>
  );
}
