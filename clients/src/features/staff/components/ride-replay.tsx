import { useState } from 'react';
import { Alert, Box, Button, Paper, Slider, Stack, TableCell, TableRow, Typography } from '@mui/material';
import type { RideTimelineAnswer } from '@plantride/schemas';
import { BOOKING_STEPS, RideTracker } from '../../../components/ride-tracker';
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
  if (events.length === 0 || !ride) return <Typography>No events recorded for this ride.</Typography>;
  const moment = auditMomentAt(events, index);
  const times = events.map((event) => Date.parse(event.time));
  const first = times[0] as number;
  const last = times[times.length - 1] as number;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="audit-ride-title">
        <Typography variant="h6" component="h2" id="audit-ride-title" sx={{ overflowWrap: 'anywhere' }}>
          Ride {timeline.rideId}: {ride.fromLocation} → {ride.toLocation}
        </Typography>
        <Typography color="text.secondary">
          {ride.vehicleType} · {rideTypeLabel(ride.rideType)} · requested by {personLabel(ride.requester.name, ride.requester.tokenNo)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
          <Button size="small" variant="outlined" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
            Previous Event
          </Button>
          <Button
            size="small"
            variant="outlined"
            onClick={() => setIndex((i) => Math.min(events.length - 1, i + 1))}
            disabled={index === events.length - 1}
          >
            Next Event
          </Button>
        </Stack>
        {events.length > 1 && (
          // Room above the thumb for its time label, which would otherwise cover the buttons.
          <Box sx={{ px: 1, pt: 5 }}>
            <Slider
              aria-label="Replay time"
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
          As of {formatAuditDateTime(moment.event.time)}: {eventLabel(moment.event.type)}
        </Typography>
        <Typography data-testid="audit-driver">
          Driver: {moment.driver ? personLabel(moment.driver.name, moment.driver.id) : 'none'}
          {moment.brokenDown && ` · vehicle broke down: ${personLabel(moment.brokenDown.name, moment.brokenDown.id)}`}
        </Typography>
        {moment.status === 'waiting_for_reassignment' && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Waiting for another driver; the ride resumes at the step shown.
          </Alert>
        )}
        {moment.status === 'cancelled' && (
          <Alert severity="info" sx={{ mt: 1 }}>
            The ride was cancelled.
          </Alert>
        )}
        {moment.status === 'scheduled' && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Booked for later; not yet gone to drivers.
          </Alert>
        )}
        <RideTracker
          steps={BOOKING_STEPS}
          step={moment.step}
          timestamps={moment.timestamps}
          label="Ride progress as of the chosen moment"
        />
      </Paper>
      <ScrollTable label="Ride timeline" headers={['Time', 'Actor', 'Event']}>
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
                  (after the chosen moment)
                </Box>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ScrollTable>
    </Stack>
  );
}
