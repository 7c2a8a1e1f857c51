import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { toast } from 'react-toastify';
import { OFFER_SECONDS, RELEASE_LEAD_MINUTES, type DispatchSettings } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { useSaveDispatchSettings } from '../api/dispatch-settings';
import { checkDispatchDraft, draftOf, type DispatchDraft, type DispatchDraftErrors, type TargetField } from '../dispatch-rules';
import { DispatchModeField } from './dispatch-mode-field';

const TARGET_ROWS = [
  { priority: 'Normal', accept: 'normalAccept', deliver: 'normalDeliver' },
  { priority: 'Urgent', accept: 'urgentAccept', deliver: 'urgentDeliver' },
] as const satisfies readonly { priority: string; accept: TargetField; deliver: TargetField }[];

/** The settings as the engine holds them, edited here; Save sends the whole object. */
export function DispatchForm({ settings }: { settings: DispatchSettings }) {
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
      toast.success(`Dispatch settings saved: ${checked.settings.mode === 'offer' ? 'Offer' : 'Broadcast'}.`);
    } catch (error) {
      setRefusal(messageOf(error, 'Could not save the dispatch settings. Try again.'));
    }
  }

  return (
    <Box
      component="form"
      aria-label="Dispatch settings"
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
            'Offer time (seconds)',
            `How long one driver has to accept or decline, ${OFFER_SECONDS.min} to ${OFFER_SECONDS.max}. Offer mode only.`,
          )}
        </Box>
        <Paper variant="outlined" component="fieldset" sx={{ p: 2, m: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
            Service targets, in minutes
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            How soon a ride should be accepted after booking, and delivered. Saved in seconds; 1.5 is a minute and a half.
          </Typography>
          <Stack spacing={2}>
            {TARGET_ROWS.map((row) => (
              <Stack
                key={row.priority}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                role="group"
                aria-label={`${row.priority} rides`}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <Typography sx={{ fontWeight: 700, minWidth: 80, pt: { sm: 2 } }}>{row.priority}</Typography>
                {field(row.accept, `${row.priority}: accept within (minutes)`, 'Booking to accept.')}
                {field(row.deliver, `${row.priority}: deliver within (minutes)`, 'Booking to drop.')}
              </Stack>
            ))}
          </Stack>
        </Paper>
        <Box sx={{ maxWidth: 360 }}>
          {field(
            'releaseLeadMinutes',
            'Release lead (minutes)',
            `How long before its time a scheduled ride goes to drivers, ${RELEASE_LEAD_MINUTES.min} to ${RELEASE_LEAD_MINUTES.max}.`,
          )}
        </Box>
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
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
            Undo changes
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
