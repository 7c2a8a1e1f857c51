import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@plantride/schemas';
import type { BookingKind } from '../booking-validation';
import { BookingForm } from './booking-form';

function Harness({ kind, onBook }: { kind: BookingKind; onBook: () => Promise<boolean> }) {
  const [error, setError] = useState<string | null>(null);
  return <BookingForm kind={kind} pending={false} error={error} onError={setError} onBook={onBook} />;
}

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
    expect(onBook).toHaveBeenCalledWith({ fromLocation: 'main gate', toLocation: 'canteen', vehicleType: 'Forklift', duration: null });
  });

  it('given a special task without a duration, when requested, then it asks for more than 00h 00m', async () => {
    render(<Harness kind="special" onBook={vi.fn()} />);
    await choose(/^Pickup Location/, 'RMS');
    await choose(/^Drop Location/, 'fgs');
    await userEvent.click(screen.getByRole('button', { name: 'Request Transport' }));
    expect(screen.getByText(MESSAGES.durationTooShort)).toBeInTheDocument();
  });
});
