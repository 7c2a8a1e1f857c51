import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { i18n } from '../i18n/i18n';
import { logout } from '../lib/logout';
import { labelOf, useOfflineQueue } from '../lib/offline-queue';
import { useSession } from '../lib/session.store';
import { useTranslation } from 'react-i18next';

/** The question before a logout; when he has actions queued offline, it names them, since logging out deletes them (issue #31). */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const { t } = useTranslation();
  const owner = useSession((s) => s.user?.token_no ?? null);
  const queued = useOfflineQueue((s) => s.commands).filter((command) => command.owner === owner);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('common.logoutTitle')}</DialogTitle>
      <DialogContent>
        {queued.length > 0 && (
          <DialogContentText color="error" sx={{ mb: 1.5 }} data-testid="logout-queued-warning">
            {queuedWarning(queued.map(labelOf))}
          </DialogContentText>
        )}
        <DialogContentText>{t('common.logoutNote')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.staySignedIn')}</Button>
        <Button variant="contained" color={queued.length > 0 ? 'error' : 'primary'} onClick={() => void logout()}>
          {queued.length > 0 ? t('common.logoutAndDiscard') : t('common.logout')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What a logout would lose: the actions tapped offline that the server has not recorded. */
export function queuedWarning(labels: readonly string[]): string {
  return i18n.t('common.queuedWarning', { count: labels.length, labels: labels.join(', ') });
}
