import { useCallback, useId, useMemo, useState } from 'react';
import { Box, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { toast } from '../../../lib/toast';
import { answerRoutes, type SiteAnswer, type SiteLocationAnswer, type SiteRouteAnswer } from '@plantride/schemas';
import { useSidewaysOverflow } from '../../../components/use-sideways-overflow';
import { messageOf } from '../../../lib/api-client';
import { useSetRouteTime } from '../api/set-route-time';
import { EDITED, MinutesCell } from './minutes-cell';

const stickyHead = { position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' } as const;
const stickyRowHead = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** The route-time matrix: rows are where a ride starts, columns where it goes; each cell its minutes, editable. */
export function RouteMatrix({ site }: { site: SiteAnswer }) {
  const { t } = useTranslation();
  const [withRetired, setWithRetired] = useState(false);
  // The last save, said in whatever language is spoken when it shows.
  const [saved, setSaved] = useState<{ route: string; minutes: number } | null>(null);
  const editedNoteId = useId();
  const setRoute = useSetRouteTime();
  const [box, hidesColumns] = useSidewaysOverflow<HTMLDivElement>();
  const places = withRetired ? site.locations : site.locations.filter((place) => !place.retired);
  // The answer sends only the routes that are not the plan's estimate; the rest are estimated here.
  const routeOf = useMemo(() => answerRoutes(site), [site]);
  const { mutateAsync } = setRoute;

  const save = useCallback(
    async (route: SiteRouteAnswer, minutes: number, label: string) => {
      try {
        await mutateAsync({ from: route.from, to: route.to, minutes });
        setSaved({ route: label, minutes });
        return true;
      } catch (error) {
        toast.error(messageOf(error, t('staff.site.routes.saveFailed', { route: label })));
        return false;
      }
    },
    [mutateAsync, t],
  );

  const headerCell = (place: SiteLocationAnswer) => (
    <Box
      component="th"
      scope="col"
      key={place.id}
      sx={{
        ...stickyHead,
        p: 0.5,
        verticalAlign: 'bottom',
        borderBottom: 2,
        borderColor: 'divider',
        color: place.retired ? 'text.secondary' : 'text.primary',
        fontStyle: place.retired ? 'italic' : undefined,
      }}
    >
      {/* Names run upwards so a column stays as narrow as its minutes. */}
      <Box
        component="span"
        sx={{
          display: 'inline-block',
          writingMode: 'vertical-rl',
          transform: 'rotate(180deg)',
          maxHeight: 170,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontWeight: 600,
          fontSize: '0.85rem',
        }}
      >
        {place.retired ? t('staff.site.retiredName', { name: place.name }) : place.name}
      </Box>
    </Box>
  );

  return (
    <Stack spacing={1} component="section" aria-labelledby="route-matrix-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2" id="route-matrix-title">
          {t('staff.site.routes.title')}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={withRetired} onChange={(e) => setWithRetired(e.target.checked)} />}
          label={t('staff.site.routes.showRetired')}
        />
      </Stack>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
        <Typography variant="body2" id={editedNoteId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box
            component="span"
            sx={{
              fontWeight: 700,
              color: EDITED.colour,
              border: 1,
              borderColor: EDITED.colour,
              bgcolor: EDITED.tint,
              borderRadius: 1,
              px: 1,
              position: 'relative',
            }}
          >
            9
            <Box
              component="span"
              sx={{ position: 'absolute', top: 2, right: 2, width: 5, height: 5, borderRadius: '50%', bgcolor: EDITED.colour }}
            />
          </Box>
          {t('staff.site.routes.setByHand')}
        </Typography>
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box component="span" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1 }}>
            9
          </Box>
          {t('staff.site.routes.estimated')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('staff.site.routes.howTo')}
        </Typography>
      </Box>
      {hidesColumns && (
        <Typography variant="body2" color="text.secondary">
          {t('staff.fleet.scrollHint')}
        </Typography>
      )}
      <Box
        ref={box}
        role="region"
        tabIndex={0}
        aria-label={t('staff.site.routes.region')}
        sx={{
          overflow: 'auto',
          maxHeight: '75vh',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          position: 'relative',
        }}
      >
        <Box
          component="table"
          aria-label={t('staff.site.routes.table')}
          sx={{ borderCollapse: 'separate', borderSpacing: 0, fontSize: '0.95rem' }}
        >
          <thead>
            <tr>
              <Box
                component="th"
                scope="col"
                sx={{
                  ...stickyHead,
                  ...stickyRowHead,
                  zIndex: 3,
                  p: 1,
                  textAlign: 'left',
                  verticalAlign: 'bottom',
                  borderBottom: 2,
                  borderRight: 1,
                  borderColor: 'divider',
                  whiteSpace: 'nowrap',
                }}
              >
                {t('staff.site.routes.corner')}
              </Box>
              {places.map(headerCell)}
            </tr>
          </thead>
          <tbody>
            {places.map((from) => (
              <tr key={from.id}>
                <Box
                  component="th"
                  scope="row"
                  title={from.name}
                  sx={{
                    ...stickyRowHead,
                    px: 1,
                    textAlign: 'left',
                    whiteSpace: 'nowrap',
                    fontWeight: 600,
                    borderRight: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    color: from.retired ? 'text.secondary' : 'text.primary',
                    fontStyle: from.retired ? 'italic' : undefined,
                    maxWidth: { xs: 130, sm: 220 },
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {from.name}
                </Box>
                {places.map((to) => {
                  const route = routeOf(from.id, to.id);
                  if (from.id === to.id || !route) {
                    return (
                      <Box
                        component="td"
                        key={to.id}
                        sx={{
                          textAlign: 'center',
                          color: 'text.secondary',
                          bgcolor: 'action.hover',
                          borderBottom: 1,
                          borderColor: 'divider',
                        }}
                      >
                        <span aria-hidden="true">—</span>
                        <Box component="span" sx={visuallyHidden}>
                          {t('staff.site.routes.samePlace')}
                        </Box>
                      </Box>
                    );
                  }
                  return (
                    <MinutesCell
                      key={`${to.id}:${route.minutes}:${route.edited}`}
                      route={route}
                      from={from}
                      to={to}
                      editedNoteId={editedNoteId}
                      onSave={save}
                      t={t}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      <Typography role="status" variant="body2" color="text.secondary">
        {saved && t('staff.site.routes.saved', saved)}
      </Typography>
    </Stack>
  );
}
