import { useId } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';
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
                <Link
                  href={`tel:${requester.data.MOBILE}`}
                  aria-label={`Call ${requester.data.FULL_NAME || userId} on ${requester.data.MOBILE}`}
                >
                  {requester.data.MOBILE}
                </Link>
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
