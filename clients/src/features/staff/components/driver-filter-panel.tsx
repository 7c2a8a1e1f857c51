import { useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { DRIVER_STATUSES } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { driverStatusLabel, stickerInput } from '../driver-form-rules';
import type { DriverFilters } from '../driver-filters';

interface Props {
  applied: DriverFilters;
  onApply: (filters: DriverFilters) => void;
  onCancel: () => void;
}

const fieldSx = { minWidth: { xs: '100%', sm: 180 } };

/** The filter panel: edits a copy; Apply keeps it and closes, Cancel closes and resets status and sticker (SPEC §2). */
export function DriverFilterPanel({ applied, onApply, onCancel }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(applied);
  const set = (patch: Partial<DriverFilters>) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <Paper variant="outlined" component="section" aria-label={t('staff.drivers.filtersLabel')} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <TextField
          select
          size="small"
          label={t('staff.drivers.facts.status')}
          value={draft.status}
          onChange={(e) => set({ status: e.target.value as DriverFilters['status'] })}
          sx={fieldSx}
        >
          <MenuItem value="">
            <em>{t('staff.drivers.any')}</em>
          </MenuItem>
          {DRIVER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {driverStatusLabel(status)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('staff.drivers.facts.sticker')}
          value={draft.sticker}
          onChange={(e) => set({ sticker: stickerInput(e.target.value) })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={fieldSx}
        />
        <TextField
          size="small"
          label={t('staff.drivers.driverId')}
          value={draft.driverId}
          onChange={(e) => set({ driverId: e.target.value })}
          sx={fieldSx}
        />
        <TextField
          select
          size="small"
          label={t('staff.drivers.sortByDate')}
          value={draft.sort}
          onChange={(e) => set({ sort: e.target.value as DriverFilters['sort'] })}
          sx={fieldSx}
        >
          <MenuItem value="latest">{t('staff.drivers.latestFirst')}</MenuItem>
          <MenuItem value="oldest">{t('staff.drivers.oldestFirst')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t('staff.drivers.searchByName')}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          sx={fieldSx}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => onApply(draft)}>
          {t('staff.drivers.apply')}
        </Button>
        <Button onClick={onCancel}>{t('staff.common.cancel')}</Button>
      </Stack>
    </Paper>
  );
}
