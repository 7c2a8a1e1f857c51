import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { messageOf } from '../../../lib/api-client';
import { activePlaces, useSite } from '../../../lib/site';

interface StartShiftDialogProps {
  open: boolean;
  busy: boolean;
  /** `location` is left out when he skips the question. */
  onStart: (location?: string) => void;
  onCancel: () => void;
}

/** Start shift: where he starts from (a place of the site) helps offer him the nearest rides; he may skip it. */
export function StartShiftDialog({ open, busy, onStart, onCancel }: StartShiftDialogProps) {
  const titleId = useId();
  const site = useSite();
  const [place, setPlace] = useState('');
  const places = site.data ? activePlaces(site.data).map((p) => p.name) : [];
  const helper = site.isError
    ? messageOf(site.error, 'Could not load the places: Skip starts your shift without one.')
    : site.isPending
      ? 'Loading places…'
      : 'Optional.';

  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Start shift</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>Where are you starting from? Rides near you are offered to you first.</DialogContentText>
        <TextField
          select
          label="Starting place"
          value={places.includes(place) ? place : ''}
          onChange={(e) => setPlace(e.target.value)}
          disabled={busy || places.length === 0}
          helperText={helper}
          fullWidth
        >
          {places.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        <Button variant="outlined" onClick={() => onStart()} disabled={busy}>
          Skip
        </Button>
        <Button variant="contained" onClick={() => onStart(place)} disabled={busy || !places.includes(place)}>
          Start shift
        </Button>
      </DialogActions>
    </Dialog>
  );
}
