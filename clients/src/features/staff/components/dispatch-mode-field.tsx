import { FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import type { DispatchMode } from '@plantride/schemas';

const MODES: readonly { value: DispatchMode; title: string; text: string }[] = [
  {
    value: 'broadcast',
    title: 'Broadcast',
    text: 'Every driver of the type hears every ride at once; the first to accept takes it.',
  },
  {
    value: 'offer',
    title: 'Offer',
    text: 'One driver at a time: the nearest free driver on shift first. If he declines or lets the offer run out, the next; with nobody left, every driver of the type.',
  },
];

/** Broadcast or Offer, each with what it means for the drivers. */
export function DispatchModeField({ value, onChange }: { value: DispatchMode; onChange: (mode: DispatchMode) => void }) {
  return (
    <FormControl component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
        How rides reach drivers
      </FormLabel>
      <RadioGroup value={value} onChange={(_, next) => onChange(next as DispatchMode)} sx={{ gap: 1 }}>
        {MODES.map((mode) => (
          <Paper
            key={mode.value}
            variant="outlined"
            sx={{
              px: 1,
              py: 0.5,
              borderColor: value === mode.value ? 'primary.main' : undefined,
              borderWidth: value === mode.value ? 2 : 1,
            }}
          >
            <FormControlLabel
              value={mode.value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', m: 0, width: '100%' }}
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 700, pt: 1.25 }}>
                    {mode.title}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', pb: 1 }}>
                    {mode.text}
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
