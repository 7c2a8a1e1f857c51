import { useState, type ReactNode } from 'react';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { LogoutDialog } from './logout-dialog';

interface PageHeaderProps {
  title: string;
  /** Where the Back button goes; no button without it. */
  backTo?: string;
  children?: ReactNode;
}

/**
 * The top bar every signed-in screen shares: back, title, extra actions, logout. Logout stands apart
 * from the actions (a gloved thumb aiming at Request Maintenance must not land on it) and asks first.
 */
export function PageHeader({ title, backTo, children }: PageHeaderProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
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
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>{children}</Box>
        <Button color="inherit" variant="outlined" size="small" onClick={() => setConfirming(true)} sx={{ ml: { xs: 'auto', sm: 3 } }}>
          Logout
        </Button>
      </Toolbar>
      <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
    </AppBar>
  );
}
