import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { messageOf } from '../../../lib/api-client';
import { activePlaces, useSite } from '../../../lib/site';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  const site = useSite();
  const [place, setPlace] = useState('');
  const places = site.data ? activePlaces(site.data).map((p) => p.name) : [];
  const helper = site.isError
    ? messageOf(site.error, t('driver.shift.placesFailed'))
    : site.isPending
      ? t('driver.shift.loadingPlaces')
      : t('driver.shift.optional');

  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('driver.shift.start')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('driver.shift.whereFrom')}</DialogContentText>
        <TextField
          select
          label={t('driver.shift.startingPlace')}
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
          {t('common.cancel')}
        </Button>
        <Button variant="outlined" onClick={() => onStart()} disabled={busy}>
          {t('driver.shift.skip')}
        </Button>
        <Button variant="contained" onClick={() => onStart(place)} disabled={busy || !places.includes(place)}>
          {t('driver.shift.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
