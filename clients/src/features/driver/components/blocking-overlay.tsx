import { useId, useState } from 'react';
import { Box, Button, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';
import { LogoutDialog } from '../../../components/logout-dialog';

export type BlockKind = 'maintenance' | 'admin';

const TEXT: Record<BlockKind, { title: string; body: string }> = {
  maintenance: {
    title: MESSAGES.vehicleUnderMaintenance,
    body: 'You cannot take or carry out rides until the maintenance head completes your request. This screen lifts by itself.',
  },
  admin: {
    title: MESSAGES.vehicleBlockedByAdmin,
    body: 'Your vehicle is marked Not Active. Contact the admin; this screen lifts by itself when it is active again.',
  },
};

/** Full-screen and not dismissable: a blocked driver can do nothing but wait or sign out (SPEC §2). */
export function BlockingOverlay({ kind }: { kind: BlockKind | null }) {
  const blockingOverlayTitle = useId();
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
            {text.title}
          </DialogTitle>
          <DialogContent sx={{ flexGrow: 0 }}>
            <Typography id={blockingOverlayText}>{text.body}</Typography>
          </DialogContent>
          <Button variant="outlined" onClick={() => setConfirming(true)}>
            Logout
          </Button>
          <LogoutDialog open={confirming} onClose={() => setConfirming(false)} />
        </Box>
      )}
    </Dialog>
  );
}
