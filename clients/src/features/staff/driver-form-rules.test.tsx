import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type DriverListRow } from '@plantride/schemas';
import { AddDriverDialog } from './components/add-driver-dialog';
import { cancelDriverFilters, emptyDriverFilters, filterDrivers } from './driver-filters';
import { checkDriverForm, emptyDriverForm, mobileInput, stickerInput, type DriverForm } from './driver-form-rules';

const form = (patch: Partial<DriverForm>): DriverForm => ({
  ...emptyDriverForm(),
  operatorId: 'fl09',
  name: 'Ravi Kumar',
  mobile: '9876543210',
  forklift: '7',
  ...patch,
});

describe('driver form rules (SPEC §5)', () => {
  it('given a valid form, when checked, then the record is role Driver, Active, with the operator id upper-cased', () => {
    expect(checkDriverForm(form({}))).toEqual({
      record: expect.objectContaining({ operatorId: 'FL09', role: 'Driver', status: 'Active', forklift: '7', name: 'Ravi Kumar' }),
    });
  });

  it.each([
    [{ name: 'Ravi 2' }, { name: MESSAGES.nameOnlyAlphabets }],
    [{ mobile: '98765' }, { mobile: MESSAGES.invalidMobile }],
    [{ forklift: '' }, { forklift: MESSAGES.invalidVehicleNumber }],
    [{ operatorId: 'F1' }, { operatorId: SERVER_MESSAGES.invalidOperatorId }],
    [
      { name: 'R@vi', mobile: '', forklift: '' },
      { name: MESSAGES.nameOnlyAlphabets, mobile: MESSAGES.invalidMobile, forklift: MESSAGES.invalidVehicleNumber },
    ],
  ])('given %j, when checked, then the errors are %j', (patch, errors) => {
    expect(checkDriverForm(form(patch))).toEqual({ errors });
  });

  it('given a blank name, when checked, then it is allowed (shown as Unnamed Driver)', () => {
    expect(checkDriverForm(form({ name: '  ' }))).toHaveProperty('record');
  });

  it('when mobile and sticker numbers are typed, then only digits are kept, at most 10 and 2', () => {
    expect(mobileInput('98-765 43210 99')).toBe('9876543210');
    expect(stickerInput('a1b23')).toBe('12');
  });
});

describe('Add New Driver popup', () => {
  afterEach(() => vi.unstubAllGlobals());

  function renderDialog() {
    const onAdded = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AddDriverDialog open onClose={vi.fn()} onAdded={onAdded} />
      </QueryClientProvider>,
    );
    return onAdded;
  }

  it('given wrong fields, when Add Driver is pressed, then each message shows under its field and nothing is sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    expect(screen.getByRole('dialog', { name: MESSAGES.addNewDriver })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Token Number/), 'fl12');
    await userEvent.type(screen.getByLabelText('Driver Name'), 'Ravi 2');
    await userEvent.type(screen.getByLabelText('Mobile Number'), 'abc123');
    expect(screen.getByLabelText('Mobile Number')).toHaveValue('123');
    await userEvent.type(screen.getByLabelText('Sticker Number'), '123');
    expect(screen.getByLabelText('Sticker Number')).toHaveValue('12');
    await userEvent.click(screen.getByRole('button', { name: 'Add Driver' }));
    expect(screen.getByText(MESSAGES.nameOnlyAlphabets)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidMobile)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('given a valid driver, when Add Driver is pressed, then the record goes to POST /api/drivers/add with the defaults, and the activation code the add answered is handed on to show', async () => {
    const answer = {
      message: 'Driver added successfully.',
      operatorId: 'FL12',
      activationCode: 'ABCDE23456',
      activationCodeExpiresAt: '2026-12-02T08:00:00.000Z',
      position: 9,
    };
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer)));
    vi.stubGlobal('fetch', fetch);
    const onAdded = renderDialog();
    await userEvent.type(screen.getByLabelText(/^Token Number/), 'fl12');
    await userEvent.type(screen.getByLabelText('Driver Name'), 'Ravi Kumar');
    await userEvent.type(screen.getByLabelText('Mobile Number'), '9876543210');
    await userEvent.type(screen.getByLabelText('Sticker Number'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Add Driver' }));
    await vi.waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith(9, {
        tokenNo: 'FL12',
        purpose: 'signUp',
        activationCode: 'ABCDE23456',
        expiresAt: '2026-12-02T08:00:00.000Z',
      }),
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/drivers/add');
    expect(JSON.parse(init.body as string)).toMatchObject({
      operatorId: 'FL12',
      name: 'Ravi Kumar',
      mobile: '9876543210',
      forklift: '7',
      role: 'Driver',
      status: 'Active',
      vehicleAssigned: '',
    });
  });
});

describe('driver filters (SPEC §2)', () => {
  const row = (id: string, patch: Partial<DriverListRow>): DriverListRow => ({
    DRIVERID: 1,
    OPERATOR_ID: id,
    VEHICLE: '',
    NAME: '',
    MOBILE: '9876543210',
    ROLE: 'Driver',
    FORKLIFT: '7',
    STATUS: 'Active',
    COMMENTS: '',
    CREATED_AT: '2026-03-01T00:00:00Z',
    VEHICLE_TYPE: 'Forklift',
    operator_id: id,
    mobile: '9876543210',
    BLOCKED_FOR_MAINTENANCE: 0,
    INSPECTION_TODAY: 'missing',
    LAST_INSPECTED_AT: null,
    ...patch,
  });
  const rows = [
    row('FL01', { NAME: 'Ravi', FORKLIFT: '07' }),
    row('FL02', { NAME: 'Asha', STATUS: 'Not Active', CREATED_AT: '2026-03-05T00:00:00Z' }),
    row('CR01', { NAME: 'Ravindra', FORKLIFT: '12', CREATED_AT: '2026-02-01T00:00:00Z' }),
  ];
  const ids = (patch: Partial<ReturnType<typeof emptyDriverFilters>>) =>
    filterDrivers(rows, { ...emptyDriverFilters(), ...patch }).map((r) => r.OPERATOR_ID);

  it('given drivers, when filtered and sorted, then the panel settings decide', () => {
    expect(ids({})).toEqual(['FL02', 'FL01', 'CR01']);
    expect(ids({ sort: 'oldest' })).toEqual(['CR01', 'FL01', 'FL02']);
    expect(ids({ status: 'Not Active' })).toEqual(['FL02']);
    expect(ids({ sticker: '7' })).toEqual(['FL02', 'FL01']);
    expect(ids({ driverId: 'fl' })).toEqual(['FL02', 'FL01']);
    expect(ids({ name: 'RAVI' })).toEqual(['FL01', 'CR01']);
  });

  it('given applied filters, when Cancel is pressed, then status and sticker reset and the rest stays', () => {
    expect(cancelDriverFilters({ status: 'Active', sticker: '7', driverId: 'FL', sort: 'oldest', name: 'ravi' })).toEqual({
      status: '',
      sticker: '',
      driverId: 'FL',
      sort: 'oldest',
      name: 'ravi',
    });
  });
});
