import { useEffect, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { rideAlert } from '../ride-alert';
import { useTranslation } from 'react-i18next';

/**
 * Until the driver taps it once: new-ride alerts only buzz, because browsers keep a page silent until a
 * tap. After that the choice is remembered and the first tap of a later visit wakes the sound again.
 */
export function EnableSound() {
  const alert = rideAlert();
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => alert.soundChosen());

  useEffect(() => {
    if (!chosen) return;
    const wake = () => alert.wake();
    document.addEventListener('pointerdown', wake, { once: true, capture: true });
    return () => document.removeEventListener('pointerdown', wake, { capture: true });
  }, [alert, chosen]);

  if (chosen) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          onClick={() => {
            alert.enableSound();
            setChosen(true);
          }}
        >
          {t('driver.enableSound')}
        </Button>
      }
    >
      {t('driver.soundHint')}
    </Alert>
  );
}
