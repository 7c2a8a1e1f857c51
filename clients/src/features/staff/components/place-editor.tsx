import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import type { SiteLocationAnswer } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { useChangeLocation, type PlaceChange } from '../api/change-location';
import { checkPlaceDraft, placeChanges, placeDraftOf, type PlaceDraftErrors } from '../site-rules';
import { PlaceFields } from './place-fields';

/**
 * The selected place: rename, move, retire or bring back. The page keys it by the place as the
 * engine last answered it, so a refetch starts it again from the engine's values.
 */
export function PlaceEditor({ place }: { place: SiteLocationAnswer }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => placeDraftOf(place));
  const [errors, setErrors] = useState<PlaceDraftErrors>({});
  const [confirmRetire, setConfirmRetire] = useState(false);
  const change = useChangeLocation();

  const send = async (patch: Omit<PlaceChange, 'id'>, done: string) => {
    try {
      await change.mutateAsync({ id: place.id, ...patch });
      toast.success(done);
    } catch (error) {
      toast.error(messageOf(error, t('staff.site.editor.changeFailed', { name: place.name })));
    }
  };

  const save = () => {
    const checked = checkPlaceDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    const patch = placeChanges(place, checked.place);
    if (Object.keys(patch).length === 0) return;
    void send(patch, t('staff.site.editor.saved', { name: checked.place.name }));
  };

  const retire = async () => {
    await send({ retired: true }, t('staff.site.editor.retiredDone', { name: place.name }));
    setConfirmRetire(false);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="place-editor-title" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        aria-label={t('staff.site.editor.form', { name: place.name })}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id="place-editor-title" sx={{ overflowWrap: 'anywhere' }}>
            {place.name}
          </Typography>
          {place.retired && <Chip size="small" label={t('staff.site.editor.retired')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {place.retired ? t('staff.site.editor.retiredNote') : t('staff.site.editor.inUseNote')}
        </Typography>
        <PlaceFields
          draft={draft}
          errors={errors}
          disabled={change.isPending}
          onChange={(patch) => {
            setDraft((current) => ({ ...current, ...patch }));
            setErrors({});
          }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {t('staff.common.save')}
          </Button>
          {place.retired ? (
            <Button
              variant="outlined"
              onClick={() => void send({ retired: false }, t('staff.site.editor.inUseAgain', { name: place.name }))}
              disabled={change.isPending}
            >
              {t('staff.site.editor.bringBack')}
            </Button>
          ) : (
            <Button variant="outlined" color="error" onClick={() => setConfirmRetire(true)} disabled={change.isPending}>
              {t('staff.site.editor.retire')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmRetire}
        title={t('staff.site.editor.retireTitle', { name: place.name })}
        confirmLabel={t('staff.site.editor.retire')}
        cancelLabel={t('staff.site.editor.keepIt')}
        busy={change.isPending}
        onConfirm={() => void retire()}
        onCancel={() => setConfirmRetire(false)}
      >
        <Typography>{t('staff.site.editor.retireText')}</Typography>
      </ConfirmDialog>
    </Paper>
  );
}
