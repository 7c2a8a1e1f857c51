import { MenuItem, Stack, TextField } from '@mui/material';
import { LIMITS, type Duration } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';

const range = (max: number) => Array.from({ length: max + 1 }, (_, i) => i);
const two = (n: number) => String(n).padStart(2, '0');

/** Special task duration: hours 0-1, minutes 0-59 (SPEC §9). */
export function DurationPicker({ value, onChange }: { value: Duration; onChange: (value: Duration) => void }) {
  const { t } = useTranslation();
  const menu = { slotProps: { paper: { sx: { maxHeight: LIMITS.durationPickerRowHeight * 6 } } } };
  return (
    <Stack direction="row" spacing={2} role="group" aria-label={t('requester.duration.label')}>
      <TextField
        select
        label={t('requester.duration.hours')}
        value={value.hours}
        onChange={(e) => onChange({ ...value, hours: Number(e.target.value) })}
        fullWidth
        slotProps={{ select: { MenuProps: menu } }}
      >
        {range(LIMITS.durationMaxHours).map((h) => (
          <MenuItem key={h} value={h} sx={{ minHeight: LIMITS.durationPickerRowHeight }}>
            {t('requester.duration.h', { n: two(h) })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('requester.duration.minutes')}
        value={value.minutes}
        onChange={(e) => onChange({ ...value, minutes: Number(e.target.value) })}
        fullWidth
        slotProps={{ select: { MenuProps: menu } }}
      >
        {range(LIMITS.durationMaxMinutes).map((m) => (
          <MenuItem key={m} value={m} sx={{ minHeight: LIMITS.durationPickerRowHeight }}>
            {t('requester.duration.m', { n: two(m) })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
