import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import { OFFER_SECONDS, RELEASE_LEAD_MINUTES, type DispatchSettings } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api-client';
import { useSaveDispatchSettings } from '../api/dispatch-settings';
import { checkDispatchDraft, draftOf, type DispatchDraft, type DispatchDraftErrors, type TargetField } from '../dispatch-rules';
import { DispatchModeField } from './dispatch-mode-field';

const TARGET_ROWS = [
  { priority: 'normal', accept: 'normalAccept', deliver: 'normalDeliver' },
  { priority: 'urgent', accept: 'urgentAccept', deliver: 'urgentDeliver' },
] as const satisfies readonly { priority: string; accept: TargetField; deliver: TargetField }[];

/** The settings as the engine holds them, edited here; Save sends the whole object. */
export function DispatchForm({ settings }: { settings: DispatchSettings }) {
  const { t } = useTranslation();
  const save = useSaveDispatchSettings();
  const [draft, setDraft] = useState<DispatchDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<DispatchDraftErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (patch: Partial<DispatchDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
    setRefusal(null);
  };
  const field = (name: keyof Omit<DispatchDraft, 'mode'>, label: string, helper: string) => (
    <TextField
      label={label}
      value={draft[name]}
      onChange={(e) => set({ [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? helper}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      fullWidth
    />
  );

  async function submit() {
    const checked = checkDispatchDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setRefusal(checked.errors.form ?? null);
      return;
    }
    try {
      await save.mutateAsync(checked.settings);
      toast.success(
        t('staff.dispatch.saved', { mode: checked.settings.mode === 'offer' ? t('staff.dispatch.offer') : t('staff.dispatch.broadcast') }),
      );
    } catch (error) {
      setRefusal(messageOf(error, t('staff.dispatch.saveFailed')));
    }
  }

  return (
    <Box
      component="form"
      aria-label={t('staff.dispatch.settings')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={3}>
        <DispatchModeField value={draft.mode} onChange={(mode) => set({ mode })} />
        <Box sx={{ maxWidth: 360 }}>
          {field(
            'offerSeconds',
            t('staff.dispatch.offerSeconds'),
            t('staff.dispatch.offerSecondsHelp', { min: OFFER_SECONDS.min, max: OFFER_SECONDS.max }),
          )}
        </Box>
        <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
            {t('staff.dispatch.targets')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('staff.dispatch.targetsNote')}
          </Typography>
          <Stack spacing={2}>
            {TARGET_ROWS.map((row) => (
              <Stack
                key={row.priority}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                role="group"
                aria-label={t('staff.dispatch.rides', { priority: t(`staff.dispatch.${row.priority}`) })}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <Typography sx={{ fontWeight: 700, minWidth: 80, pt: { sm: 2 } }}>{t(`staff.dispatch.${row.priority}`)}</Typography>
                {field(
                  row.accept,
                  t('staff.dispatch.acceptWithin', { priority: t(`staff.dispatch.${row.priority}`) }),
                  t('staff.dispatch.bookingToAccept'),
                )}
                {field(
                  row.deliver,
                  t('staff.dispatch.deliverWithin', { priority: t(`staff.dispatch.${row.priority}`) }),
                  t('staff.dispatch.bookingToDrop'),
                )}
              </Stack>
            ))}
          </Stack>
        </Paper>
        <Box sx={{ maxWidth: 360 }}>
          {field(
            'releaseLeadMinutes',
            t('staff.dispatch.releaseLead'),
            t('staff.dispatch.releaseLeadHelp', { min: RELEASE_LEAD_MINUTES.min, max: RELEASE_LEAD_MINUTES.max }),
          )}
        </Box>
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
            {save.isPending ? t('staff.dispatch.saving') : t('staff.common.save')}
          </Button>
          <Button
            variant="outlined"
            size="large"
            disabled={save.isPending}
            onClick={() => {
              setDraft(draftOf(settings));
              setErrors({});
              setRefusal(null);
            }}
          >
            {t('staff.dispatch.undo')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
