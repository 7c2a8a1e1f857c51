import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { logout } from '../lib/logout';
import { useOfflineQueue } from '../lib/offline-queue';
import { useSession } from '../lib/session.store';

/** The question before a logout; when he has actions queued offline, it names them, since logging out deletes them (issue #31). */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const owner = useSession((s) => s.user?.token_no ?? null);
  const queued = useOfflineQueue((s) => s.commands).filter((command) => command.owner === owner);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Log out?</DialogTitle>
      <DialogContent>
        {queued.length > 0 && (
          <DialogContentText color="error" sx={{ mb: 1.5 }} data-testid="logout-queued-warning">
            {queuedWarning(queued.map((command) => command.label))}
          </DialogContentText>
        )}
        <DialogContentText>You will need your token number and password to sign in again.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Stay signed in</Button>
        <Button variant="contained" color={queued.length > 0 ? 'error' : 'primary'} onClick={() => void logout()}>
          {queued.length > 0 ? 'Logout and discard' : 'Logout'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What a logout would lose: the actions tapped offline that the server has not recorded. */
export function queuedWarning(labels: readonly string[]): string {
  const what = labels.length === 1 ? `1 action has` : `${labels.length} actions have`;
  return `${what} not reached the server yet (${labels.join(', ')}). Logging out deletes ${labels.length === 1 ? 'it' : 'them'}; stay signed in until the connection returns to send ${labels.length === 1 ? 'it' : 'them'}.`;
}
