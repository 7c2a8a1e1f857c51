import { useState, type ReactNode } from 'react';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { LanguageMenu } from '../i18n/language-menu';
import { LogoutDialog } from './logout-dialog';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: string;
  /** Where the Back button goes; no button without it. */
  backTo?: string;
  children?: ReactNode;
}

/**
 * The top bar every signed-in screen shares: back, title, extra actions, the language menu and logout. Logout stands apart
 * from the actions (a gloved thumb aiming at Request Maintenance must not land on it) and asks first.
 */
export function PageHeader({ title, backTo, children }: PageHeaderProps) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <AppBar position="static" component="header" elevation={0}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', py: 0.5 }}>
        {backTo && (
          <Button color="inherit" variant="outlined" size="small" onClick={() => navigate(backTo)}>
            {t('common.back')}
          </Button>
        )}
        <Typography component="span" variant="h6" sx={{ flexGrow: 1, minWidth: 0, fontSize: { xs: '1rem', sm: '1.25rem' } }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>{children}</Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', ml: { xs: 'auto', sm: 3 } }}>
          <Button color="inherit" variant="outlined" size="small" onClick={() => setConfirming(true)}>
            {t('common.logout')}
          </Button>
          <LanguageMenu tone="onPrimary" />
        </Box>
      </Toolbar>
      <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
    </AppBar>
  );
}
