import { FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import type { DispatchMode } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';

const MODES = ['broadcast', 'offer'] as const satisfies readonly DispatchMode[];

/** Broadcast or Offer, each with what it means for the drivers. */
export function DispatchModeField({ value, onChange }: { value: DispatchMode; onChange: (mode: DispatchMode) => void }) {
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
        {t('staff.dispatch.howRidesReach')}
      </FormLabel>
      <RadioGroup value={value} onChange={(_, next) => onChange(next as DispatchMode)} sx={{ gap: 1 }}>
        {MODES.map((mode) => (
          <Paper
            key={mode}
            variant="outlined"
            sx={{
              px: 1,
              py: 0.5,
              borderColor: value === mode ? 'primary.main' : undefined,
              borderWidth: value === mode ? 2 : 1,
            }}
          >
            <FormControlLabel
              value={mode}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', m: 0, width: '100%' }}
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700, pt: 1.25 }}>
                    {t(`staff.dispatch.${mode}`)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', pb: 1 }}>
                    {t(`staff.dispatch.${mode}Text`)}
                  </Typography>
                </span>
              }
            />
          </Paper>
        ))}
      </RadioGroup>
    </FormControl>
  );
}
