import { useState } from 'react';
import { Alert, Box, Button, Paper, Slider, Stack, TableCell, TableRow, Typography } from '@mui/material';
import type { RideTimelineAnswer } from '@plantride/schemas';
import { BOOKING_STEPS, RideTracker } from '../../../components/ride-tracker';
import { useTranslation } from 'react-i18next';
import { formatAuditDateTime } from '../../../lib/format-date';
import { rideTypeLabel } from '../../../lib/words';
import { actorLabel, auditMomentAt, eventIndexAt, eventLabel, eventNote, scrubberKeyIndex } from '../ride-audit';
import { ScrollTable } from './scroll-table';
import { DateTimeText } from '../../../components/date-time-text';
import visuallyHidden from '@mui/utils/visuallyHidden';

/** 'Name (id)', or the id alone for someone who gave no name. */
const personLabel = (name: string | null | undefined, id: string) => (name ? `${name} (${id})` : id);

/** The ride's timeline and the six-step tracker as it stood at the moment the scrubber points to. */
export function RideReplay({ timeline }: { timeline: RideTimelineAnswer }) {
  const { events, ride } = timeline;
  const [index, setIndex] = useState(events.length - 1);
  const { t } = useTranslation();
  if (events.length === 0 || !ride) return <Typography>{t('staff.audit.noEvents')}</Typography>;
  const moment = auditMomentAt(events, index);
  const times = events.map((event) => Date.parse(event.time));
  const first = times[0] as number;
  const last = times[times.length - 1] as number;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="audit-ride-title">
        <Typography variant="h6" component="h2" id="audit-ride-title" sx={{ overflowWrap: 'anywhere' }}>
          {t('staff.audit.heading', { rideId: timeline.rideId, from: ride.fromLocation, to: ride.toLocation })}
        </Typography>
        <Typography color="text.secondary">
          {t('staff.audit.requestedBy', {
            vehicleType: ride.vehicleType,
            rideType: rideTypeLabel(ride.rideType),
            requester: personLabel(ride.requester.name, ride.requester.tokenNo),
          })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
          <Button size="small" variant="outlined" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
            {t('staff.audit.previous')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            onClick={() => setIndex((i) => Math.min(events.length - 1, i + 1))}
            disabled={index === events.length - 1}
          >
            {t('staff.audit.next')}
          </Button>
        </Stack>
        {events.length > 1 && (
          // Room above the thumb for its time label, which would otherwise cover the buttons.
          <Box sx={{ px: 1, pt: 5 }}>
            <Slider
              aria-label={t('staff.audit.replayTime')}
              min={first}
              max={last}
              step={null}
              marks={times.map((value) => ({ value }))}
              value={times[index]}
              onChange={(_, value) => setIndex(eventIndexAt(events, value as number))}
              // The slider's own Home/End moves one mark when marks are the steps; they jump to the first and last event.
              onKeyDown={(keyEvent) => {
                const to = scrubberKeyIndex(keyEvent.key, events.length);
                if (to === null) return;
                keyEvent.preventDefault();
                setIndex(to);
              }}
              getAriaValueText={(value) =>
                `${formatAuditDateTime(new Date(value).toISOString())}: ${eventLabel(events[eventIndexAt(events, value)]!.type)}`
              }
              valueLabelDisplay="auto"
              valueLabelFormat={(value) => formatAuditDateTime(new Date(value).toISOString())}
            />
          </Box>
        )}
        <Typography role="status" data-testid="audit-moment" sx={{ fontWeight: 600 }}>
          {t('staff.audit.asOf', { time: formatAuditDateTime(moment.event.time), event: eventLabel(moment.event.type) })}
        </Typography>
        <Typography data-testid="audit-driver">
          {t('staff.audit.driver', {
            driver: moment.driver ? personLabel(moment.driver.name, moment.driver.id) : t('staff.audit.noDriver'),
          })}
          {moment.brokenDown && t('staff.audit.brokeDown', { driver: personLabel(moment.brokenDown.name, moment.brokenDown.id) })}
        </Typography>
        {moment.status === 'waiting_for_reassignment' && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('staff.audit.waitingForDriver')}
          </Alert>
        )}
        {moment.status === 'cancelled' && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('staff.audit.cancelled')}
          </Alert>
        )}
        {moment.status === 'scheduled' && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('staff.audit.scheduled')}
          </Alert>
        )}
        <RideTracker steps={BOOKING_STEPS} step={moment.step} timestamps={moment.timestamps} label={t('staff.audit.progress')} />
      </Paper>
      <ScrollTable
        label={t('staff.audit.timeline')}
        headers={[t('staff.audit.headers.time'), t('staff.audit.headers.actor'), t('staff.audit.headers.event')]}
      >
        {events.map((event, i) => (
          <TableRow
            key={event.position}
            selected={i === index}
            aria-current={i === index ? 'step' : undefined}
            sx={{ '& td': { color: i > index ? 'text.secondary' : undefined } }}
          >
            {/* On a phone the time takes two lines and the event one, so rows keep one height as the table scrolls. */}
            <TableCell sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
              <DateTimeText text={formatAuditDateTime(event.time)} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{actorLabel(event.actor)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {eventLabel(event.type)}
              {eventNote(event) && (
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'normal' }}>
                  {eventNote(event)}
                </Typography>
              )}
              {i > index && (
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  {t('staff.audit.afterMoment')}
                </Box>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ScrollTable>
    </Stack>
  );
}
