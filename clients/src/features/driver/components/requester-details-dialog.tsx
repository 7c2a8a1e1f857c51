import { useId } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { PhoneLink } from '../../../components/phone-link';
import { useRequesterDetails } from '../api/get-requester';
import { useTranslation } from 'react-i18next';

/** The requester's name and mobile (SPEC §2), read when the popup opens. */
export function RequesterDetailsDialog({ open, userId, onClose }: { open: boolean; userId: string; onClose: () => void }) {
  const requesterDetailsTitle = useId();
  const { t } = useTranslation();
  const requester = useRequesterDetails(userId, open);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={requesterDetailsTitle} fullWidth maxWidth="xs">
      <DialogTitle id={requesterDetailsTitle}>{t('driver.requesterDetails')}</DialogTitle>
      <DialogContent>
        {requester.isPending ? (
          <CircularProgress size={24} aria-label={t('driver.loadingRequester')} />
        ) : (
          <>
            <Typography>{t('driver.nameIs', { name: requester.data?.FULL_NAME || userId })}</Typography>
            <Typography>
              {t('driver.mobile')}{' '}
              {requester.data?.MOBILE ? (
                <PhoneLink name={requester.data.FULL_NAME || userId} mobile={requester.data.MOBILE} />
              ) : (
                t('messages.notAvailable')
              )}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
