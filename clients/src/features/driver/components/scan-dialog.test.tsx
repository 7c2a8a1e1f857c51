import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScanDialog } from './scan-dialog';

// Issue #34 item 2: the dialog sends what the driver gives; whether it proves the place is the engine's call.
describe('scan dialog', () => {
  it('given a typed code the engine refuses, then its words show and the dialog stays; the right code closes it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onProof = vi.fn().mockResolvedValueOnce('This code belongs to canteen, not main gate.').mockResolvedValueOnce(null);
    render(<ScanDialog stepLabel="Material Picked" place="main gate" onProof={onProof} onClose={onClose} />);
    screen.getByRole('dialog', { name: 'Material Picked: scan the code at main gate' });
    const field = screen.getByLabelText('Short code');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(field, 'jkm-npr');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onProof).toHaveBeenLastCalledWith({ code: 'jkm-npr', via: 'typed' });
    expect((await screen.findByRole('alert')).textContent).toBe('This code belongs to canteen, not main gate.');
    expect(onClose).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'ACD-EFH{Enter}');
    expect(onProof).toHaveBeenLastCalledWith({ code: 'ACD-EFH', via: 'typed' });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('given he cannot scan, then a reason of at least 3 characters is asked before the step goes without a scan', async () => {
    const user = userEvent.setup();
    const onProof = vi.fn().mockResolvedValue(null);
    render(<ScanDialog stepLabel="Material Dropped" place="canteen" onProof={onProof} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'I cannot scan' }));
    const record = screen.getByRole('button', { name: 'Record without scan' });
    await user.type(screen.getByLabelText('Why you cannot scan'), 'no');
    expect(record).toBeDisabled();
    await user.type(screen.getByLabelText('Why you cannot scan'), ' label');
    await user.click(record);
    expect(onProof).toHaveBeenCalledWith({ cannotScan: 'no label' });
  });
});
