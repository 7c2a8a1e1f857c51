import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { messageOf } from '../../../lib/api-client';
import { useSite } from '../../../lib/site';
import { emptyPlaceDraft, type PlaceDraft } from '../site-rules';
import { AddPlaceForm } from './add-place-form';
import { PlaceEditor } from './place-editor';
import { PlantPlan } from './plant-plan';
import { RouteMatrix } from './route-matrix';
import { StaffPage } from './staff-page';
import { ScanRules } from './scan-rules';
import { SITE_WIDE } from '@plantride/schemas';
import { LoadError } from '../../../components/load-error';

/** /site (admin): the plant's places on a plan drawn to scale, and the minutes between every two of them (issue #20). */
export function SitePage() {
  const { t } = useTranslation();
  const site = useSite();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newPlace, setNewPlace] = useState<PlaceDraft>(emptyPlaceDraft);
  const editor = useRef<HTMLDivElement>(null);
  // On a phone the editor sits below the plan: a place tapped there brings its form into view.
  useEffect(() => {
    if (selectedId) editor.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  if (!site.data) {
    return (
      <StaffPage title={t('staff.site.title')} maxWidth="xl">
        {site.isError ? (
          <LoadError
            error={site.error}
            fallback={t('staff.site.loadFailed')}
            retry={() => void site.refetch()}
            retrying={site.isFetching}
          />
        ) : (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={28} aria-hidden="true" />
            <Typography>{t('staff.site.loading')}</Typography>
          </Box>
        )}
      </StaffPage>
    );
  }

  const places = site.data.locations;
  const selected = places.find((place) => place.id === selectedId) ?? null;
  const inUse = places.filter((place) => !place.retired).length;
  const picked =
    newPlace.x !== '' && newPlace.y !== '' && Number.isFinite(Number(newPlace.x)) && Number.isFinite(Number(newPlace.y))
      ? { x: Number(newPlace.x), y: Number(newPlace.y) }
      : null;

  return (
    <StaffPage title={t('staff.site.title')} maxWidth="xl">
      <Typography color="text.secondary">
        {places.length > inUse
          ? t('staff.site.inUseAndRetired', { inUse, retired: places.length - inUse })
          : t('staff.site.inUse', { inUse })}{' '}
        {t('staff.site.positions')}
      </Typography>
      {site.isError && <Alert severity="warning">{messageOf(site.error, t('staff.site.refreshFailed'))}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 360px' }, alignItems: 'start' }}>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <PlantPlan
            places={places}
            selectedId={selectedId}
            picked={picked}
            onSelect={setSelectedId}
            onPick={({ x, y }) => setNewPlace((draft) => ({ ...draft, x: String(x), y: String(y) }))}
          />
          <Typography variant="body2" color="text.secondary">
            {t('staff.site.planKey')}
          </Typography>
        </Stack>
        <Stack spacing={2}>
          <TextField
            select
            label={t('staff.site.place')}
            value={selected?.id ?? ''}
            onChange={(e) => setSelectedId(e.target.value || null)}
            fullWidth
          >
            {places.map((place) => (
              <MenuItem key={place.id} value={place.id}>
                {place.retired ? t('staff.site.retiredName', { name: place.name }) : place.name}
              </MenuItem>
            ))}
          </TextField>
          {selected && (
            <div ref={editor}>
              <PlaceEditor key={`${selected.id}:${selected.name}:${selected.x}:${selected.y}:${selected.retired}`} place={selected} />
            </div>
          )}
          {selected && <ScanRules placeId={selected.id} placeName={selected.name} />}
          <AddPlaceForm
            draft={newPlace}
            onDraft={setNewPlace}
            onAdded={(id) => {
              setNewPlace(emptyPlaceDraft());
              setSelectedId(id);
            }}
          />
        </Stack>
      </Box>
      <ScanRules placeId={SITE_WIDE} />
      <RouteMatrix site={site.data} />
    </StaffPage>
  );
}
