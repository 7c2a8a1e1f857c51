import { useId, useState } from 'react';
import { Box, Button, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { LogoutDialog } from '../../../components/logout-dialog';
import { useTranslation } from 'react-i18next';

export type BlockKind = 'maintenance' | 'admin';

const TEXT = {
  maintenance: { title: 'messages.vehicleUnderMaintenance', body: 'driver.blockedMaintenance' },
  admin: { title: 'messages.vehicleBlockedByAdmin', body: 'driver.blockedAdmin' },
} as const satisfies Record<BlockKind, { title: string; body: string }>;

/** Full-screen and not dismissable: a blocked driver can do nothing but wait or sign out (SPEC §2). */
export function BlockingOverlay({ kind }: { kind: BlockKind | null }) {
  const blockingOverlayTitle = useId();
  const { t } = useTranslation();
  const blockingOverlayText = useId();
  const text = kind ? TEXT[kind] : null;
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog open={kind !== null} fullScreen aria-labelledby={blockingOverlayTitle} aria-describedby={blockingOverlayText}>
      {text && (
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            flexGrow: 1,
            textAlign: 'center',
            p: 3,
            gap: 2,
          }}
          data-testid={`overlay-${kind}`}
        >
          <DialogTitle
            id={blockingOverlayTitle}
            variant="h4"
            component="h1"
            sx={{ color: kind === 'admin' ? 'error.main' : 'warning.main' }}
          >
            {t(text.title)}
          </DialogTitle>
          <DialogContent sx={{ flexGrow: 0 }}>
            <Typography id={blockingOverlayText}>{t(text.body)}</Typography>
          </DialogContent>
          <Button variant="outlined" onClick={() => setConfirming(true)}>
            {t('common.logout')}
          </Button>
          <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
        </Box>
      )}
    </Dialog>
  );
}
