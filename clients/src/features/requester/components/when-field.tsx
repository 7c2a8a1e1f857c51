import { useId } from 'react';
import { FormControl, FormHelperText, FormLabel, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { PLANT_ZONE_NAME } from '../../../lib/format-date';
import { firstLaterSlot, laterDayOf, plantInstant, type LaterDay } from '../../../lib/plant-clock';
import { chosenToggle } from '../../../components/priority-field';
import { useTranslation } from 'react-i18next';

/** Now, or a time later today or tomorrow on the plant's clock ('HH:mm'). */
export interface WhenChoice {
  mode: 'now' | 'later';
  day: LaterDay;
  time: string;
}

export const BOOK_NOW: WhenChoice = { mode: 'now', day: 'today', time: '' };

/** A time closer than this is as good as now: the pickers do not offer it. */
const NEAREST_LATER_MINUTES = 5;
const MINUTE_STEP = 5;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const MINUTES = Array.from({ length: 60 / MINUTE_STEP }, (_, i) => i * MINUTE_STEP);
const two = (n: number) => String(n).padStart(2, '0');

/** The instant (ms) a later choice stands for, counted from `now`. */
export function instantOfChoice(choice: WhenChoice, now: number): number {
  return plantInstant(laterDayOf(choice.day, now), choice.time);
}

/** 'When': Now (the default) or Later, then the day (today or tomorrow) and the time in 5-minute steps. */
export function WhenField({ value, onChange }: { value: WhenChoice; onChange: (value: WhenChoice) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const now = Date.now();
  const earliest = now + NEAREST_LATER_MINUTES * 60_000;
  const today = laterDayOf('today', now);
  const gone = (hour: number, minute: number) => plantInstant(today, `${two(hour)}:${two(minute)}`) <= earliest;
  const passed = (hour: number, minute: number) => value.day === 'today' && gone(hour, minute);
  const todayOpen = !gone(23, MINUTES[MINUTES.length - 1] as number);
  const [hour, minute] = value.time.split(':').map(Number) as [number, number];

  // A time gone by on today moves to the first minute still to come in its hour, else to the first slot of all.
  const choose = (next: WhenChoice) => {
    if (next.day !== 'today' || instantOfChoice(next, now) > earliest) return onChange(next);
    const h = Number(next.time.slice(0, 2));
    const m = MINUTES.find((mm) => !gone(h, mm));
    onChange(m === undefined ? { ...next, ...firstLaterSlot(now) } : { ...next, time: `${two(h)}:${two(m)}` });
  };

  return (
    <FormControl component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
        {t('requester.when.label')}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        fullWidth
        value={value.mode}
        onChange={(_, mode: WhenChoice['mode'] | null) => {
          if (mode === 'now') onChange({ ...value, mode });
          else if (mode === 'later') onChange({ mode, ...firstLaterSlot(now) });
        }}
        aria-labelledby={labelId}
      >
        <ToggleButton value="now" sx={chosenToggle('primary')}>
          {t('requester.now')}
        </ToggleButton>
        <ToggleButton value="later" sx={chosenToggle('primary')}>
          {t('requester.when.later')}
        </ToggleButton>
      </ToggleButtonGroup>
      {value.mode === 'later' && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={value.day}
            onChange={(_, next: LaterDay | null) => next && choose({ ...value, day: next })}
            aria-label={t('requester.when.day')}
          >
            <ToggleButton value="today" disabled={!todayOpen} sx={chosenToggle('primary')}>
              {t('requester.when.today')}
            </ToggleButton>
            <ToggleButton value="tomorrow" sx={chosenToggle('primary')}>
              {t('requester.when.tomorrow')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Stack direction="row" spacing={2} role="group" aria-label={t('requester.when.time', { zone: PLANT_ZONE_NAME })}>
            <TextField
              select
              label={t('requester.when.hour')}
              value={hour}
              onChange={(e) => choose({ ...value, time: `${two(Number(e.target.value))}:${two(minute)}` })}
              fullWidth
            >
              {HOURS.map((h) => (
                <MenuItem key={h} value={h} disabled={passed(h, MINUTES[MINUTES.length - 1] as number)}>
                  {two(h)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('requester.when.minute')}
              value={minute}
              onChange={(e) => choose({ ...value, time: `${two(hour)}:${two(Number(e.target.value))}` })}
              fullWidth
            >
              {MINUTES.map((m) => (
                <MenuItem key={m} value={m} disabled={passed(hour, m)}>
                  {two(m)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <FormHelperText sx={{ mt: 0 }}>{t('requester.when.hint', { zone: PLANT_ZONE_NAME })}</FormHelperText>
        </Stack>
      )}
    </FormControl>
  );
}
