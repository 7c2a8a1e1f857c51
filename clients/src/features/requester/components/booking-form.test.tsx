import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOAD_MESSAGES, MESSAGES, SERVER_MESSAGES, type SiteAnswer } from '@plantride/schemas';
import { siteKey } from '../../../lib/site';
import { defaultSiteAnswer } from '../../../test/default-site';
import type { BookingKind } from '../booking-validation';
import { BookingForm } from './booking-form';

function Form({ kind, onBook }: { kind: BookingKind; onBook: () => Promise<boolean> }) {
  const [error, setError] = useState<string | null>(null);
  return <BookingForm kind={kind} pending={false} error={error} onError={setError} onBook={onBook} />;
}

/** The form with the site already read (`site`), or to be read through fetch. */
function Harness({
  site = defaultSiteAnswer(),
  ...props
}: {
  kind: BookingKind;
  onBook: () => Promise<boolean>;
  site?: SiteAnswer | null;
}) {
  const [client] = useState(() => {
    const made = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    if (site) made.setQueryData(siteKey, site);
    return made;
  });
  return (
    <QueryClientProvider client={client}>
      <Form {...props} />
    </QueryClientProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function choose(label: RegExp, place: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: place }));
}

describe('booking form (SPEC §2, §5)', () => {
  it('given no pickup, when the form shows, then the drop field is disabled until a pickup is chosen', async () => {
    render(<Harness kind="fixed" onBook={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: /^Drop Location/ })).toBeDisabled();
    await choose(/^Pickup Location/, 'main gate');
    expect(screen.getByRole('combobox', { name: /^Drop Location/ })).toBeEnabled();
  });

  it('given nothing chosen, when Request Transport is pressed, then the spec message shows and no dialog opens', async () => {
    const onBook = vi.fn();
    render(<Harness kind="fixed" onBook={onBook} />);
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    expect(screen.getByText(MESSAGES.selectBothLocations)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onBook).not.toHaveBeenCalled();
  });

  it('given the form, then its required fields are starred and the browser leaves the messages to it (noValidate)', async () => {
    render(<Harness kind="special" onBook={vi.fn()} />);
    for (const name of [/^Pickup Location/, /^Drop Location/, /^Vehicle Type/]) {
      // A select's label is not a <label> element in MUI: its InputLabel either way.
      expect(screen.getByText(name, { selector: '.MuiInputLabel-root' })).toHaveTextContent(/\*$/);
    }
    expect(screen.getByRole('form', { name: 'Booking form' })).toHaveAttribute('novalidate');
  });

  it('given a known route, when both places are chosen, then the estimate card shows its minutes and the dialog repeats them', async () => {
    const onBook = vi.fn(async () => true);
    render(<Harness kind="fixed" onBook={onBook} />);
    await choose(/^Pickup Location/, 'main gate');
    await choose(/^Drop Location/, 'canteen');
    expect(screen.getByRole('region', { name: MESSAGES.estimatedDeliveryTime })).toHaveTextContent('11 minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTransportRequest });
    expect(dialog).toHaveTextContent('From: main gate');
    expect(dialog).toHaveTextContent('Estimated time: 11 minutes');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Request' }));
    expect(onBook).toHaveBeenCalledWith({
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      duration: null,
      priority: 'normal',
      scheduledFor: null,
    });
  });

  it('given Urgent chosen, when the ride is confirmed, then the dialog says so and the booking asks for priority urgent', async () => {
    const onBook = vi.fn(async () => true);
    render(<Harness kind="fixed" onBook={onBook} />);
    expect(screen.getByRole('button', { name: 'Normal' })).toHaveAttribute('aria-pressed', 'true');
    await choose(/^Pickup Location/, 'main gate');
    await choose(/^Drop Location/, 'canteen');
    await userEvent.click(screen.getByRole('button', { name: 'Urgent' }));
    // A second tap on the chosen one keeps it: there is always a priority.
    await userEvent.click(screen.getByRole('button', { name: 'Urgent' }));
    expect(screen.getByRole('button', { name: 'Urgent' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    expect(await screen.findByRole('dialog', { name: MESSAGES.confirmTransportRequest })).toHaveTextContent('Priority: Urgent');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Request' }));
    expect(onBook).toHaveBeenCalledWith(expect.objectContaining({ priority: 'urgent' }));
  });

  it('given a special task without a duration, when requested, then it asks for more than 00h 00m', async () => {
    render(<Harness kind="special" onBook={vi.fn()} />);
    await choose(/^Pickup Location/, 'RMS');
    await choose(/^Drop Location/, 'fgs');
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    expect(screen.getByText(MESSAGES.durationTooShort)).toBeInTheDocument();
  });

  it("given a place retired on the site, when the pickup list opens, then it is not offered and the others are, in the site's order", async () => {
    const site = defaultSiteAnswer();
    const retired = {
      ...site,
      locations: site.locations.map((place) => (place.name === 'scrap yard' ? { ...place, retired: true } : place)),
    };
    render(<Harness kind="fixed" onBook={vi.fn()} site={retired} />);
    await userEvent.click(screen.getByRole('combobox', { name: /^Pickup Location/ }));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).not.toContain('scrap yard');
    expect(offered).toEqual(site.locations.filter((place) => place.name !== 'scrap yard').map((place) => place.name));
  });

  it("given a route set by hand on the site, when both places are chosen, then the estimate is the site's minutes, looked up by id", async () => {
    const site = defaultSiteAnswer();
    const edited = {
      ...site,
      // Sent as the engine sends it: a route set by hand is an entry; the others are the plan's estimate.
      routes: [
        ...site.routes.filter((route) => !(route.from === 'main-gate' && route.to === 'canteen')),
        { from: 'main-gate', to: 'canteen', minutes: 42, edited: true },
      ],
    };
    render(<Harness kind="fixed" onBook={vi.fn()} site={edited} />);
    await choose(/^Pickup Location/, 'main gate');
    await choose(/^Drop Location/, 'canteen');
    expect(screen.getByRole('region', { name: MESSAGES.estimatedDeliveryTime })).toHaveTextContent('42 minutes');
  });

  it('given the site cannot be read, when the form shows, then it says so with Retry, and Retry brings the form', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? new Response(JSON.stringify({ message: 'Site unavailable' }), { status: 503 })
          : new Response(JSON.stringify(defaultSiteAnswer()), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    render(<Harness kind="fixed" onBook={vi.fn()} site={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading locations');
    expect(await screen.findByRole('alert')).toHaveTextContent('Site unavailable');
    expect(screen.queryByRole('combobox', { name: /^Pickup Location/ })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox', { name: /^Pickup Location/ })).toBeEnabled();
  });
});

describe('booking for later (issue #20)', () => {
  // Friday 27 Nov 2026, 10:00 at the plant (+05:30); only Date is faked, so the screen's own timers run.
  const FRIDAY_10 = Date.parse('2026-11-27T04:30:00.000Z');
  const later = async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(FRIDAY_10);
    await choose(/^Pickup Location/, 'main gate');
    await choose(/^Drop Location/, 'canteen');
    expect(screen.getByRole('button', { name: 'Now' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
  };

  it('given Later, when it is chosen, then it offers today at the first quarter hour half an hour away, on the plant clock', async () => {
    render(<Harness kind="fixed" onBook={vi.fn()} />);
    await later();
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Hour' })).toHaveTextContent('10');
    expect(screen.getByRole('combobox', { name: 'Minute' })).toHaveTextContent('30');
    expect(screen.getByRole('group', { name: 'Time (IST)' })).toBeInTheDocument();
  });

  it('given Later today, when the hours open, then the hours gone by are not offered; tomorrow they all are', async () => {
    render(<Harness kind="fixed" onBook={vi.fn()} />);
    await later();
    await userEvent.click(screen.getByRole('combobox', { name: 'Hour' }));
    expect(screen.getByRole('option', { name: '09' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: '10' })).not.toHaveAttribute('aria-disabled');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Hour' }));
    expect(screen.getByRole('option', { name: '00' })).not.toHaveAttribute('aria-disabled');
  });

  it('given tomorrow 09:30, when the ride is confirmed, then the dialog says when and the booking asks for that instant', async () => {
    const onBook = vi.fn(async () => true);
    render(<Harness kind="fixed" onBook={onBook} />);
    await later();
    await userEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Hour' }));
    await userEvent.click(screen.getByRole('option', { name: '09' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    expect(await screen.findByRole('dialog', { name: MESSAGES.confirmTransportRequest })).toHaveTextContent('When: 28 Nov 2026, 09:30');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Request' }));
    expect(onBook).toHaveBeenCalledWith(expect.objectContaining({ scheduledFor: '2026-11-28T04:00:00.000Z' }));
  });

  it("given a time chosen for today, when it has gone by before Request Transport, then the engine's words show and no dialog opens", async () => {
    const onBook = vi.fn();
    render(<Harness kind="fixed" onBook={onBook} />);
    await later();
    vi.setSystemTime(FRIDAY_10 + 45 * 60_000);
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    expect(screen.getByText(SERVER_MESSAGES.scheduledInPast)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Now again: the form books for now.
    await userEvent.click(screen.getByRole('button', { name: 'Now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    expect(await screen.findByRole('dialog', { name: MESSAGES.confirmTransportRequest })).toHaveTextContent('When: Now');
  });
});

describe('what is being moved on the booking form (issue #32 item 7)', () => {
  async function route() {
    await choose(/^Pickup Location/, 'main gate');
    await choose(/^Drop Location/, 'canteen');
  }

  it('given nothing said of the load, when the ride is confirmed, then the booking carries no load', async () => {
    const onBook = vi.fn(async () => true);
    render(<Harness kind="fixed" onBook={onBook} />);
    await route();
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTransportRequest });
    expect(dialog.querySelector('[data-testid="confirm-load"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Request' }));
    expect(onBook.mock.calls[0]).not.toHaveProperty('0.load');
  });

  it('given a description, quantity and unit, weight and handling notes, when confirmed, then the dialog repeats them and the booking carries them trimmed', async () => {
    const onBook = vi.fn(async () => true);
    render(<Harness kind="fixed" onBook={onBook} />);
    await route();
    const section = screen.getByRole('group', { name: 'What is being moved (optional)' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), '  Gear boxes ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Quantity' }), '12');
    await userEvent.click(screen.getByRole('combobox', { name: 'Unit' }));
    await userEvent.click(await screen.findByRole('option', { name: 'pallets' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight (kg)' }), '350');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hazardous' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fragile' }));
    expect(section).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.confirmTransportRequest });
    expect(dialog).toHaveTextContent('Gear boxes · 12 pallets · 350 kg');
    expect(dialog).toHaveTextContent('FRAGILE');
    expect(dialog).toHaveTextContent('HAZARDOUS');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Request' }));
    expect(onBook).toHaveBeenCalledWith(
      expect.objectContaining({
        load: { description: 'Gear boxes', quantity: 12, unit: 'pallets', weightKg: 350, handling: ['fragile', 'hazardous'] },
      }),
    );
  });

  it.each([
    ['a quantity without its unit', { quantity: '5', weight: '' }, LOAD_MESSAGES.quantityWithoutUnit, 'Unit'],
    ['a weight that is not a number', { quantity: '', weight: 'heavy' }, LOAD_MESSAGES.weightKg, 'Weight (kg)'],
    ['a weight over the limit', { quantity: '', weight: '60000' }, LOAD_MESSAGES.weightKg, 'Weight (kg)'],
  ])(
    'given %s, when Request Transport is pressed, then the rule says why beside the field and no dialog opens',
    async (_, typed, message, field) => {
      const onBook = vi.fn();
      render(<Harness kind="fixed" onBook={onBook} />);
      await route();
      if (typed.quantity) await userEvent.type(screen.getByRole('textbox', { name: 'Quantity' }), typed.quantity);
      if (typed.weight) await userEvent.type(screen.getByRole('textbox', { name: 'Weight (kg)' }), typed.weight);
      await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      const invalid = field === 'Unit' ? screen.getByRole('combobox', { name: 'Unit' }) : screen.getByRole('textbox', { name: field });
      expect(invalid.closest('.MuiFormControl-root')?.querySelector('.Mui-error')).not.toBeNull();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(onBook).not.toHaveBeenCalled();
    },
  );
});
