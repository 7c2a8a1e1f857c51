import { useId } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';
import { PhoneLink } from '../../../components/phone-link';
import { useRequesterDetails } from '../api/get-requester';

/** The requester's name and mobile (SPEC §2), read when the popup opens. */
export function RequesterDetailsDialog({ open, userId, onClose }: { open: boolean; userId: string; onClose: () => void }) {
  const requesterDetailsTitle = useId();
  const requester = useRequesterDetails(userId, open);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={requesterDetailsTitle} fullWidth maxWidth="xs">
      <DialogTitle id={requesterDetailsTitle}>Requester Details</DialogTitle>
      <DialogContent>
        {requester.isPending ? (
          <CircularProgress size={24} aria-label="Loading requester details" />
        ) : (
          <>
            <Typography>Name: {requester.data?.FULL_NAME || userId}</Typography>
            <Typography>
              Mobile:{' '}
              {requester.data?.MOBILE ? (
                <PhoneLink name={requester.data.FULL_NAME || userId} mobile={requester.data.MOBILE} />
              ) : (
                MESSAGES.notAvailable
              )}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
