import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import { messageOf } from '../../../lib/api-client';
import { useAddLocation } from '../api/add-location';
import { checkPlaceDraft, type PlaceDraft, type PlaceDraftErrors } from '../site-rules';
import { PlaceFields } from './place-fields';

interface Props {
  draft: PlaceDraft;
  onDraft: (draft: PlaceDraft) => void;
  /** The new place's id, once the engine has it. */
  onAdded: (id: string) => void;
}

/** 'Add place': its routes to every other place are estimated from the plan until set by hand. */
export function AddPlaceForm({ draft, onDraft, onAdded }: Props) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<PlaceDraftErrors>({});
  const add = useAddLocation();

  const submit = async () => {
    const checked = checkPlaceDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    try {
      const place = await add.mutateAsync(checked.place);
      toast.success(t('staff.site.add.added', { name: place.name }));
      onAdded(place.id);
    } catch (error) {
      toast.error(messageOf(error, t('staff.site.add.failed')));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="add-place-title" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={2}
        noValidate
        aria-label={t('staff.site.add.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Typography variant="h6" component="h2" id="add-place-title">
          {t('staff.site.add.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('staff.site.add.hint')}
        </Typography>
        <PlaceFields
          draft={draft}
          errors={errors}
          disabled={add.isPending}
          onChange={(patch) => {
            onDraft({ ...draft, ...patch });
            setErrors({});
          }}
        />
        <Button type="submit" variant="contained" disabled={add.isPending}>
          {t('staff.site.add.title')}
        </Button>
      </Stack>
    </Paper>
  );
}
