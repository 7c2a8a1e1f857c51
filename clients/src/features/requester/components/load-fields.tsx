import { useId } from 'react';
import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, MenuItem, Stack, TextField } from '@mui/material';
import { LOAD_HANDLING, LOAD_UNITS, TEXT_LIMITS, formatCount, type LoadHandling, type LoadUnit } from '@plantride/schemas';
import type { LoadDraft, LoadField } from '../booking-validation';
import { useTranslation } from 'react-i18next';

const HANDLING_LABEL = {
  fragile: 'requester.load.fragile',
  hazardous: 'requester.load.hazardous',
  'temperature-controlled': 'common.temperatureControlled',
} as const satisfies Record<LoadHandling, string>;

// Every control at least 48 px high: tapped with gloves on.
const TAP = { minHeight: 48 };

interface LoadFieldsProps {
  value: LoadDraft;
  onChange: (value: LoadDraft) => void;
  /** The field the last refusal was about, and its message. */
  problem: { field: LoadField; error: string } | null;
}

/** "What is being moved" (issue #32 item 7): every part optional; checked on Request Transport by the engine's rule. */
export function LoadFields({ value, onChange, problem }: LoadFieldsProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const set = <K extends keyof LoadDraft>(key: K, next: LoadDraft[K]) => onChange({ ...value, [key]: next });
  const errorOf = (field: LoadField) => (problem?.field === field ? problem.error : undefined);
  const toggle = (note: LoadHandling, on: boolean) =>
    set('handling', on ? [...value.handling, note] : value.handling.filter((n) => n !== note));

  return (
    <FormControl component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {t('requester.load.legend')}
      </FormLabel>
      <Stack spacing={2}>
        <TextField
          label={t('requester.load.description')}
          value={value.description}
          onChange={(e) => set('description', e.target.value)}
          error={Boolean(errorOf('description'))}
          helperText={errorOf('description') ?? t('requester.load.upTo', { count: formatCount(TEXT_LIMITS.loadDescription) })}
          fullWidth
        />
        <Stack direction="row" spacing={1}>
          <TextField
            label={t('requester.load.quantity')}
            value={value.quantity}
            onChange={(e) => set('quantity', e.target.value)}
            error={Boolean(errorOf('quantity'))}
            helperText={errorOf('quantity')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            label={t('requester.load.unit')}
            value={value.unit}
            onChange={(e) => set('unit', e.target.value as LoadUnit | '')}
            error={Boolean(errorOf('unit'))}
            helperText={errorOf('unit')}
            sx={{ flex: 1 }}
          >
            <MenuItem value="" sx={TAP}>
              <em>{t('requester.load.none')}</em>
            </MenuItem>
            {LOAD_UNITS.map((unit) => (
              <MenuItem key={unit} value={unit} sx={TAP}>
                {unit}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          label={t('requester.load.weight')}
          value={value.weightKg}
          onChange={(e) => set('weightKg', e.target.value)}
          error={Boolean(errorOf('weightKg'))}
          helperText={errorOf('weightKg')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
        />
        <Box>
          <FormGroup row aria-label={t('requester.load.handling')}>
            {LOAD_HANDLING.map((note) => (
              <FormControlLabel
                key={note}
                sx={{ ...TAP, mr: 2 }}
                control={
                  <Checkbox checked={value.handling.includes(note)} onChange={(e) => toggle(note, e.target.checked)} sx={{ p: 1.5 }} />
                }
                label={t(HANDLING_LABEL[note])}
              />
            ))}
          </FormGroup>
        </Box>
      </Stack>
    </FormControl>
  );
}
